/**
 * Push endpoints that point back into the server's own network (issue 25), in the spellings an
 * attacker would try; `port` is a local listener that must never see a connection.
 */
export function inwardEndpoints(port: number): string[] {
  return [
    `https://127.0.0.1:${port}/push`,
    `https://localhost:${port}/push`,
    `https://[::1]:${port}/push`,
    `https://[::ffff:127.0.0.1]:${port}/push`,
    `https://2130706433:${port}/push`,
    `https://127.1:${port}/push`,
    `https://0x7f.1:${port}/push`,
    "https://10.1.2.3/push",
    "https://192.168.0.10/push",
    "https://169.254.169.254/latest/meta-data/",
    "https://100.64.0.1/push",
    "https://[fd00::1]/push",
    // Not a push service, or not where it listens.
    "https://push.example/send/abc",
    "https://fcm.googleapis.com:8443/fcm/send/abc",
    "https://fcm.googleapis.com.evil.example/fcm/send/abc",
    "https://evil.example/fcm.googleapis.com/fcm/send/abc",
    "https://notify.windows.com.evil.example/w",
    "https://user:pass@fcm.googleapis.com/fcm/send/abc",
  ];
}
