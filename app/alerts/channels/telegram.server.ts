// The Telegram channel (optional): each entry, when it is first published, is posted to one
// channel by a bot (Bot API sendMessage, HTML parse mode), through the outbox like every message.
import { z } from "zod";
import { REGISTRY } from "~/content/registry.ts";
import type { EntrySummary } from "~/content/entry.ts";
import { formatDate } from "../../lib/format.ts";
import type { OutboxMessage, Sender, SendResult } from "../outbox.server.ts";
import type { ChannelSettings } from "../../platform/env/channels.server.ts";

const Payload = z.object({ text: z.string().min(1).max(4096) });

export interface TelegramMessage {
  channel: "telegram";
  key: string;
  payload: z.infer<typeof Payload>;
}

/** Telegram's HTML mode knows four entities; everything else is text. */
export function escapeTelegramHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

/**
 * The channel post for a published entry: title, organization, last date (if any) and its link.
 * Keyed by the entry alone, so an entry is posted once even if it is unpublished and published
 * again. Null when Telegram is off or the entry is not public.
 */
export function telegramMessageFor(
  entry: EntrySummary,
  { baseUrl, enabled }: { baseUrl: string; enabled: boolean },
): TelegramMessage | null {
  if (!enabled || entry.status !== "published" || entry.deletedAt) return null;
  const def = REGISTRY[entry.kind];
  const url = `${baseUrl}${def.urlPrefix}/${encodeURIComponent(entry.slug)}`;
  const lines = [
    `<b>${escapeTelegramHtml(entry.title)}</b>`,
    `${escapeTelegramHtml(def.label)} · ${escapeTelegramHtml(entry.organization)}`,
  ];
  if (entry.lastDate) lines.push(`Last date: ${escapeTelegramHtml(formatDate(entry.lastDate))}`);
  lines.push(escapeTelegramHtml(url));
  return { channel: "telegram", key: `telegram:${entry.id}`, payload: { text: lines.join("\n") } };
}

export interface TelegramSenderOptions {
  token: string;
  chatId: string;
  apiBase: string;
  now?: () => Date;
}

/** The sender's options from the settings; undefined when Telegram is off. One without the other is a mistake. */
export function telegramOptions(settings: ChannelSettings): TelegramSenderOptions | undefined {
  const { TELEGRAM_BOT_TOKEN: token, TELEGRAM_CHANNEL_ID: chatId } = settings;
  if (!token && !chatId) return undefined;
  if (!token || !chatId) {
    throw new Error(
      "Telegram needs both TELEGRAM_BOT_TOKEN and TELEGRAM_CHANNEL_ID (or neither, to leave it off)",
    );
  }
  return { token, chatId, apiBase: settings.TELEGRAM_API_BASE };
}

const Reply = z.object({
  ok: z.boolean(),
  description: z.string().optional(),
  parameters: z.object({ retry_after: z.number().optional() }).optional(),
});

const TIMEOUT_MS = 15_000;

export function createTelegramSender(options: TelegramSenderOptions): Sender {
  const now = options.now ?? (() => new Date());
  return async (msg: OutboxMessage): Promise<SendResult> => {
    const payload = Payload.safeParse(msg.payload);
    if (!payload.success) {
      return { ok: false, retryable: false, error: `not a Telegram message: ${msg.key}` };
    }
    let response: Response;
    try {
      response = await fetch(`${options.apiBase}/bot${options.token}/sendMessage`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          chat_id: options.chatId,
          text: payload.data.text,
          parse_mode: "HTML",
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      return {
        ok: false,
        retryable: true,
        error: `Telegram unreachable: ${(err as Error).message}`,
      };
    }
    const text = await response.text();
    let reply: z.infer<typeof Reply> | undefined;
    try {
      reply = Reply.parse(JSON.parse(text));
    } catch {
      reply = undefined;
    }
    if (response.ok && reply?.ok) return { ok: true };
    // The token is part of the URL only, never of the error kept in the outbox.
    const error = `Telegram answered ${response.status}: ${reply?.description ?? text.slice(0, 200)}`;
    if (response.status === 429) {
      const seconds = reply?.parameters?.retry_after ?? 30;
      const retryAt = new Date(now().getTime() + seconds * 1000).toISOString();
      return { ok: false, retryable: true, error, retryAt };
    }
    return { ok: false, retryable: response.status >= 500, error };
  };
}
