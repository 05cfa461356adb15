/** Help texts of the commands whose modules load lazily (simulate, demo). */

export const SIMULATE_HELP = `Usage: skyalert simulate --out DIR [--nights N] [--alerts-per-night K] [--seed S]
                         [--start YYYY-MM-DD] [--kafka BROKERS --topic T]

Writes realistic Fink-enriched ZTF 4.02 alerts, deterministic for a seed: supernovae, variable stars,
AGN, microlensing, asteroids on Keplerian orbits (their elements in DIR/MPCORB.DAT), satellite tracklets
and bogus detections, with 30-day histories and three 63x63 FITS stamps each.
Files: DIR/<YYYYMMDD>/alerts-NNNN.avro. With --kafka, each alert is one message on topic T.

Options:
  --out DIR               output directory (required)
  --nights N              number of nights (default 3)
  --alerts-per-night K    alerts per night (default 1000)
  --seed S                random seed (default 1)
  --start YYYY-MM-DD      first night (default 2024-01-01)
  --kafka BROKERS         produce to Kafka instead of files (comma-separated host:port)
  --topic T               Kafka topic (with --kafka)
  --help                  this text
`;

export const DEMO_HELP = `Usage: skyalert demo [--port P] [--store DIR]

Simulates 30 nights of alerts, ingests and publishes them into a store, and serves the API.

Options:
  --port P      TCP port (default: $PORT, then 8080)
  --store DIR   demo store directory (default: ./skyalert-demo)
  --help        this text
`;
