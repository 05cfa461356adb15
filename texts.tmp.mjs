import { DuckDBInstance } from '@duckdb/node-api';
import { alertRowJsonText } from '/work/main/dist/data/alert-row-json.js';
const inst = await DuckDBInstance.create(':memory:');
const conn = await inst.connect();
const f = process.argv[2];
await conn.run(`ATTACH '${f}' AS s (READ_ONLY)`);
const r = await conn.runAndReadAll('SELECT row_avro, classification FROM s.alerts');
const rows = r.getColumnsJS();
const docs = rows[0].map((d) => Buffer.from(d.bytes ?? d));
console.log('alerts', docs.length, docs[0].constructor.name);
for (let rep = 0; rep < 6; rep++) {
  const t = performance.now(); let n = 0;
  for (let i = 0; i < docs.length; i++) n += alertRowJsonText(docs[i], rows[1][i]).json.length;
  console.log(((performance.now() - t) * 1000 / docs.length).toFixed(1), 'us/alert', n);
}
