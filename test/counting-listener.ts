import net, { type AddressInfo } from "node:net";

/** A local service nobody may reach: it counts every connection and closes it. */
export function countingListener() {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  return {
    listen: () => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve)),
    close: () => new Promise((resolve) => server.close(resolve)),
    port: () => (server.address() as AddressInfo).port,
    connections: () => connections,
  };
}
