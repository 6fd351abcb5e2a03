/**
 * The V8 flags the API process runs with: `npm start`, the Docker image (its CMD repeats them), the
 * tests and the benchmarks, whose baseline servers get them too so the comparison stays fair.
 *
 * --max-semi-space-size=32 (MB): a larger young generation. Every chat message and vote allocates
 * short-lived objects (query builders, rows, packets); with V8's default semi-spaces they are
 * scavenged often and more of them survive into the old generation, whose collections pause the
 * broadcast. Chat fan-out p99 (bench:realtime) went from about ×2.1 of vanilla Socket.IO to ×1.4–1.8
 * with it, vanilla's own p99 unchanged. The young generation grows to this size only under load.
 */
export const API_NODE_FLAGS = ['--max-semi-space-size=32'];
