import fs from 'node:fs';
import { readBlock, readHeader, decompressBlock } from './ingest/decode/container.js';
import { AlertDecoder, decodeBlockRecords } from './ingest/decode/decode.js';
const bytes = fs.readFileSync('/work/main/bench-output/ingest/input/20240201/alerts-0000.avro');
const h = readHeader(bytes)!; const d = new AlertDecoder(); const s = d.schemaOf(h);
const b = readBlock(bytes, h.end, h.sync)!;
console.log(decodeBlockRecords(s, decompressBlock(h.codec, b.data), b.count).slice(0, 2));
