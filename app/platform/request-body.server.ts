/**
 * Read and drop a request body that will not be used, so that an answer given before it was read
 * reaches a client still sending it (an unread body would stall the connection).
 */
export async function drainBody(request: Request): Promise<void> {
  try {
    if (!request.bodyUsed) await request.body?.pipeTo(new WritableStream());
  } catch {
    // The client went away, or the body is being read already.
  }
}
