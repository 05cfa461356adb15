/** Help texts of the commands, apart from their modules: the CLI loads only the module of the command it runs. */
import {
  DEFAULT_SSOFT_CRON,
  LSST_SSOFT_MIN_DETECTIONS,
  SSOFT_MIN_DETECTIONS,
} from '../../data/jobs/index.js';

export const SIMULATE_HELP = `Usage: skyalert simulate --out DIR [--survey ztf|lsst] [--nights N] [--alerts-per-night K]
                         [--seed S] [--start YYYY-MM-DD] [--kafka BROKERS --topic T]
                         [--schema-registry URL | --schema-dir SCHEMAS] [--no-stamps]

Writes realistic simulated alerts, deterministic for a seed.
ZTF (default): Fink-enriched ZTF 4.02 alerts: supernovae, variable stars, AGN, microlensing, asteroids on
Keplerian orbits (their elements in DIR/MPCORB.DAT), satellite tracklets and bogus detections, with 30-day
histories and three 63x63 FITS stamps each. With --kafka, each alert is one message on topic T.
LSST (--survey lsst): Rubin alerts in the project's LSST schema (namespace skyalert.lsst.v10_0, Rubin's 10.0
field names): diaSources with fluxes in nJy in bands ugrizy, diaObjects with their light curves and forced
photometry, asteroids with ssSource and mpc_orbits, three 30x30 FITS stamps of 3 HDUs each. With --kafka, each
alert is one message in the Confluent wire format (byte 0, 4-byte schema id, Avro datum); the schema is
registered in the registry (--schema-registry) or written as <id>.avsc (Rubin's id 1000) into SCHEMAS
(default DIR/schemas).
Files: DIR/<YYYYMMDD>/alerts-NNNN.avro (LSST: the night is Rubin's dayObs).

Options:
  --out DIR               output directory (required)
  --survey ztf|lsst       which survey's alerts (default ztf)
  --nights N              number of nights (default 3)
  --alerts-per-night K    alerts per night (default 1000)
  --seed S                random seed (default 1)
  --start YYYY-MM-DD      first night (default 2024-01-01)
  --kafka BROKERS         produce to Kafka instead of files (comma-separated host:port)
  --topic T               Kafka topic (with --kafka)
  --schema-registry URL   LSST with --kafka: register the schema there, frame with the id it answers
  --schema-dir SCHEMAS    LSST with --kafka: write the schema as SCHEMAS/<id>.avsc
  --no-stamps             LSST: leave the cutouts out
  --help                  this text
`;

export const DEMO_HELP = `Usage: skyalert demo [--port P] [--store DIR]

Simulates 30 nights of alerts, ingests and publishes them into a store, and serves the API.

Options:
  --port P      TCP port (default: $PORT, then 8080)
  --store DIR   demo store directory (default: ./skyalert-demo)
  --help        this text
`;

export const INGEST_HELP = `Usage: skyalert ingest --store DIR [FILE|DIR|TARBALL ...] [options]
       skyalert ingest --store DIR --kafka BROKERS (--topic T | --topic-pattern RE) --group G [options]

Decodes alerts (ZTF: Avro containers of ZTF 3.2/3.3/4.02 or Fink-enriched alerts, .tar.gz nightly archives,
Spark/Fink parquet, API exports in parquet or json; Rubin/LSST: Avro containers of Rubin schemas 7.0-11.0 or
Fink's LSST transfers, Spark-written parquet), stages them per night (idempotent on candid / diaSourceId),
quarantines bad input with its reason, and publishes the touched nights at the end of a file ingestion.
A store holds one survey (docs/surveys.md): the first ingestion records it, alerts of another are refused.

Options:
  --store DIR            store directory (default: $SKYALERT_STORE, then ./skyalert-store)
  --survey ztf|lsst      the survey of the files (default: detected from the first file that tells)
  --ingester ID          name of this ingester's staging files (default: host name)
  --no-publish           stage only; publish later with 'skyalert publish'
  --kafka BROKERS        comma-separated bootstrap servers (host:port)
  --topic T              topic to consume (repeatable as a comma list)
  --topic-pattern RE     regular expression of topics to consume
  --group G              consumer group id (default: skyalert)
  --schema FILE          Avro schema (.avsc) of schemaless Kafka messages (ZTF messages embed theirs)
  --schema-registry URL  with Kafka, LSST: Confluent-compatible schema registry of the writer schemas of
                         Rubin's Confluent-framed messages (implies --survey lsst)
  --schema-dir DIR       with Kafka, LSST: a directory of .avsc writer schemas instead (Rubin's lsst.vM_m.*.avsc
                         files, or <id>.avsc); a message of an unknown schema id is quarantined
  --publish-cron EXPR    with Kafka: publish staged nights on this cron schedule (default: "0 14 * * *",
                         14:00 UTC, after the night ends at Palomar); "off" to disable
  --publish-on-exit      with Kafka: publish the staged nights when stopping
                         (either option also publishes at start the nights staged and not yet published,
                         e.g. by a consumer killed before its publication)
  --exit-when-idle S     with Kafka: stop cleanly after S seconds without messages (counted from the group join)
  --session-timeout MS   with Kafka: consumer group session timeout (default 10000)
  --metrics-port P       with Kafka: serve Prometheus metrics at http://0.0.0.0:P/metrics (records read,
                         staged, duplicated, quarantined; lag per partition; process)
  --help                 this text
`;

export const PUBLISH_HELP = `Usage: skyalert publish --store DIR (--night YYYYMMDD | --all) [--force]

Publishes a night's staging (all ingesters' files) as an immutable part of the store and switches the
catalog atomically. Publishing a night again replaces it exactly. Only nights whose staged content changed
since their last publication are published (by whichever process staged them); small nights are published
a month at a time, in one part and one catalog switch.

Options:
  --store DIR       store directory (default: $SKYALERT_STORE, then ./skyalert-store)
  --night YYYYMMDD  the night to publish
  --all             every night staged and not published (or staged again since)
  --force           publish the nights even if their staged content is already published
  --help            this text
`;

export const COMPACT_HELP = `Usage: skyalert compact --store DIR

Merges the parts of each complete month (none of its nights among the latest 7) into one part, and the older
nights of a month in progress a week (7 nights) at a time; the latest 7 nights stay separate. Removes files
that no recent catalog version uses. Publication runs it automatically.

Options:
  --store DIR   store directory (default: $SKYALERT_STORE, then ./skyalert-store)
  --help        this text
`;

export const STATUS_HELP = `Usage: skyalert status --store DIR [--json]

Reports what the store holds, from its files alone (no lock; safe while ingesters and servers run): the
published catalog (nights, parts, alerts, size on disk), the nights staged and not yet published, the
quarantined messages by reason, the last publication, compaction and SSOFT build, and any inconsistency found
(a catalog part or object index whose files are missing, an unreadable catalog). Exits 1 when it finds one.

Options:
  --store DIR   store directory (default: $SKYALERT_STORE, then ./skyalert-store)
  --json        one JSON document instead of the table
  --help        this text
`;

export const SERVE_HELP = `Usage: skyalert serve --store [NAME=]DIR [--store NAME=DIR ...] [--port P] [--host H] [--workers N]

Serves the published store read-only: the web portal at /, the REST API under /api/v1 (and /health,
/vo/scs). New nights appear without a restart. A ZTF store answers Fink's ZTF API, an LSST store Fink's LSST
API (docs/surveys.md).

Options:
  --store DIR    store directory (default: $SKYALERT_STORE, then ./skyalert-store)
  --store NAME=DIR
                 several stores side by side (e.g. --store ztf=DIR1 --store lsst=DIR2): each answers under
                 /NAME/ (/lsst/api/v1/...), and the first also without a prefix (/api/v1/...). A store given
                 without a name is named after its survey (ztf, lsst).
  --port P       TCP port (default: $PORT, then 8080)
  --host H       address to listen on (default: 0.0.0.0)
  --workers N    server processes sharing the port (default 1; 'auto': one per CPU core). Each holds its
                 own object index and DuckDB instance.
  --help         this text
`;

export const ORBITS_HELP = `Usage: skyalert orbits load --store DIR FILE...

Loads orbital elements into the store's orbit catalogue (orbits/), used to resolve Solar System object names
and numbers and to compute ephemerides. Accepts any mix of:
  MPCORB.DAT        MPC one-line asteroid orbits (plain or .gz; header lines skipped)
  CometEls.txt      MPC one-line comet orbits (plain or .gz)
  *.json            JPL SBDB query tables {fields, data} (asteroids: a, e, i, om, w, ma, epoch_mjd;
                    comets: q, e, i, om, w, tp, epoch.mjd)
The format is recognised from the content. Loading again merges: an object already in the catalogue is
replaced by the newer load, others are kept. Bad lines are counted and reported, never fatal. Readers switch
to the new catalogue atomically.

Options:
  --store DIR   store directory (default: $SKYALERT_STORE, then ./skyalert-store)
  --help        this text
`;

export const SSOFT_HELP = `Usage: skyalert ssoft build --store DIR [--version YYYY.MM] [--flavor F[,F...]] [--min-detections N]
       skyalert ssoft schedule --store DIR [--cron EXPR] [--flavor ...] [--min-detections N]

Builds the Solar System object parameter tables (SSOFT) served by /api/v1/ssoft: for every known object with
at least ${SSOFT_MIN_DETECTIONS} roid=3 detections and an orbit in the store's orbit catalogue (skyalert orbits load),
ephemerides at its epochs (observer I41), HG, HG1G2 and sHG1G2 phase-curve fits, the SOCCA spin, shape and
rotation-period fit (its period search costs most of the build), astrometry statistics and the spin obliquity; one parquet file per flavour, ssoft/ssoft_<FLAVOR>_<YYYY.MM>.parquet, switched atomically.
On an LSST store: every Solar System object with at least ${LSST_SSOFT_MIN_DETECTIONS} detections, HG and HG1G2 fits per Rubin
band (u g r i z y) reduced with the geometry of Rubin's ssSource, and the bulk table of every object's light
curve, ssoft/ssobulk_<YYYY.MM>.parquet (served by /api/v1/ssoft and /api/v1/ssobulk).

  build      build now (default version: the current UTC month)
  schedule   stay running; build on the cron schedule (UTC), each run as that month's version

Options:
  --store DIR           store directory (default: $SKYALERT_STORE, then ./skyalert-store)
  --version YYYY.MM     version to write (build only)
  --flavor LIST         comma list of HG, HG1G2, SHG1G2, SOCCA (alias SSHG1G2) (default: all four; LSST: HG, HG1G2)
  --min-detections N    fewest detections for an object (default ${SSOFT_MIN_DETECTIONS}; LSST ${LSST_SSOFT_MIN_DETECTIONS})
  --cron EXPR           node-cron expression, UTC (default "${DEFAULT_SSOFT_CRON}": monthly)
  --help                this text
`;

export const SSOCAND_HELP = `Usage: skyalert ssocand load --store DIR PATH...

Loads fink-fat outputs into the store: candidate orbits (orbital.parquet) into ssocand/orbits.parquet and
their linked detections (trajectory_orb.parquet) into ssocand/lightcurves.parquet, served by /api/v1/ssocand.
A PATH is a directory holding either or both files, or one such file (recognised by its columns). Loading a
candidate again replaces it (by ssoCandId; among the PATHs, a later one wins). An orbit without ssoCandId gets
FF + YYYYMMDD of its ref_epoch + 7 letters of a counter that continues from the orbits already stored; its
detections follow through fink-fat's trajectory_id.

Options:
  --store DIR   store directory (default: $SKYALERT_STORE, then ./skyalert-store)
  --help        this text
`;

export const TNS_HELP = `Usage: skyalert tns load --store DIR FILE

Loads the Transient Name Server objects table into the store (tns/tns.parquet), replacing the table loaded
before; /api/v1/resolver answers resolver=tns from it. FILE is the public TNS objects CSV
(tns_public_objects.csv, or .csv.gz; the export-date line above the header is skipped) or Fink's parquet
form of it (tns_raw.parquet). Rows without a name are skipped and counted.

Options:
  --store DIR   store directory (default: $SKYALERT_STORE, then ./skyalert-store)
  --help        this text
`;
