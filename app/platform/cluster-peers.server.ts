// Messages between the workers of one cluster (http/cluster.ts): a worker sends one to the primary,
// which passes it on to every other worker. The channel carries V8's structured serialization
// (`serialization: "advanced"`), so Buffers travel as bytes, not as JSON arrays of numbers. Run
// by Node 24 directly (the primary imports it): type annotations only, no TS-only syntax.
import cluster from "node:cluster";

/** The mark of a message for the other workers; the primary relays nothing else. */
const FOR_PEERS = "govjobs:for-peers";

interface PeerEnvelope {
  [FOR_PEERS]: string;
  body: unknown;
}

/** Whether `message` (from a worker, at the primary) is for the other workers. */
export function isForPeers(message: unknown): message is object {
  return typeof message === "object" && message !== null && FOR_PEERS in message;
}

/**
 * Send `body` on `topic` to the other workers; false when this process has no primary to relay
 * it (one process, or the channel closed at shutdown). Never throws: a lost message costs a render.
 */
export function sendToPeers(topic: string, body: unknown): boolean {
  if (!cluster.isWorker || !process.send || !process.connected) return false;
  const envelope: PeerEnvelope = { [FOR_PEERS]: topic, body };
  process.send(envelope, undefined, {}, () => {});
  return true;
}

/** Listen for what the other workers send on `topic`; returns the function that stops it. */
export function onPeerMessage(topic: string, listener: (body: unknown) => void): () => void {
  if (!cluster.isWorker) return () => {};
  const handle = (message: unknown) => {
    if (isForPeers(message) && (message as PeerEnvelope)[FOR_PEERS] === topic)
      listener((message as PeerEnvelope).body);
  };
  process.on("message", handle);
  return () => void process.off("message", handle);
}
