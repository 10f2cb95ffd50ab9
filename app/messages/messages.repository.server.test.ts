import { expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import {
  REPLY_SUBJECT,
  countUnreadMessages,
  createMessage,
  getMessage,
  markMessageRead,
  replyMailto,
  setMessageStatus,
} from "./messages.repository.server.ts";

describeEachDatabase("messages inbox: unread count and opening", (db) => {
  it("counts unread messages, and opening one reads it once", async () => {
    const before = await countUnreadMessages(db());
    const a = await createMessage(db(), { name: "A", email: "a@example.com", message: "a" });
    const b = await createMessage(db(), { name: "B", email: "b@example.com", message: "b" });
    expect(await countUnreadMessages(db())).toBe(before + 2);

    expect(await markMessageRead(db(), a.id)).toBe(true);
    expect((await getMessage(db(), a.id))?.status).toBe("read");
    expect(await countUnreadMessages(db())).toBe(before + 1);
    // A second opening changes nothing (and so records no second reading).
    expect(await markMessageRead(db(), a.id)).toBe(false);
    expect(await markMessageRead(db(), "no-such-message")).toBe(false);

    // Opening an archived message leaves it archived.
    await setMessageStatus(db(), b.id, "archived");
    expect(await markMessageRead(db(), b.id)).toBe(false);
    expect((await getMessage(db(), b.id))?.status).toBe("archived");
    expect(await countUnreadMessages(db())).toBe(before);

    await setMessageStatus(db(), a.id, "unread");
    expect(await countUnreadMessages(db())).toBe(before + 1);
  });
});

it("builds a reply link with the subject and the message quoted line by line", () => {
  const href = replyMailto(
    {
      name: "Asha Verma",
      email: "asha+jobs@example.com",
      message: "When is the exam?\nIs the syllabus out & final?\r\n\r\n100% sure?",
    },
    "22 Nov 2026, 15:30 (India time)",
  );
  expect(href.startsWith("mailto:asha%2Bjobs@example.com?subject=")).toBe(true);
  const url = new URL(href);
  expect(url.searchParams.get("subject")).toBe(REPLY_SUBJECT);
  expect(REPLY_SUBJECT).toBe("Re: Your message to govjobs");
  expect(url.searchParams.get("body")).toBe(
    [
      "",
      "",
      "On 22 Nov 2026, 15:30 (India time), Asha Verma <asha+jobs@example.com> wrote:",
      "> When is the exam?",
      "> Is the syllabus out & final?",
      ">",
      "> 100% sure?",
    ].join("\r\n"),
  );
  // Every character that could end or extend a parameter is encoded: one subject, one body.
  expect([...url.searchParams.keys()]).toEqual(["subject", "body"]);
  expect(href).not.toMatch(/[\s<>"]/);
});

it("cuts a long message so that the link stays under the limit, marking the cut", () => {
  // An emoji costs 12 characters once encoded, a Devanagari letter 9: the cut falls among these,
  // and an emoji split in two would make encodeURIComponent throw.
  const message = `${"😀".repeat(100)}\n${"नमस्ते ".repeat(200)}`;
  const href = replyMailto({ name: "N", email: "n@example.com", message }, "1 Jan 2026, 10:00");
  expect(href.length).toBeLessThanOrEqual(1800);
  expect(href.length).toBeGreaterThan(1700);
  const body = new URL(href).searchParams.get("body")!;
  expect(body.endsWith(" […]")).toBe(true);
  expect(body).toContain("> 😀😀");
  expect(body).toContain("> नमस्ते");
  expect(body).not.toMatch(/\uFFFD/);
  // A short message is whole.
  const short = replyMailto({ name: "N", email: "n@example.com", message: "Hi" }, "then");
  expect(new URL(short).searchParams.get("body")).toMatch(/> Hi$/);
});
