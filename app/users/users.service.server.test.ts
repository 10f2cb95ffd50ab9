import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import { createAuth, type Auth } from "../platform/auth.server.ts";
import {
  USER_MESSAGES,
  UserActionError,
  createUserAsAdmin,
  listUsersAsAdmin,
  passwordProblem,
  resetPasswordAsAdmin,
  revokeSessionsAsAdmin,
  setRoleAsAdmin,
  setUserDisabledAsAdmin,
  upsertUser,
} from "./users.service.server.ts";

const ADMIN = { email: "boss@example.test", password: "tidal-Orchard-lantern-41" };
const EDITOR = { email: "editor@example.test", password: "silver-Meadow-compass-82" };

async function signIn(auth: Auth, email: string, password: string): Promise<Headers> {
  const { headers } = await auth.api.signInEmail({
    body: { email, password },
    returnHeaders: true,
  });
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return new Headers({ cookie });
}

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof UserActionError) return err.message;
    throw err;
  }
  throw new Error("expected a refusal");
}

describeEachDatabase("users screen through better-auth's admin API", (db, dialect) => {
  let auth: Auth;
  let adminId: string;
  let editorId: string;
  let adminHeaders: Headers;

  it("lists users for an admin and refuses a non-admin", async () => {
    auth = createAuth(db(), dialect, {
      BASE_URL: "http://localhost:3000",
      AUTH_SECRET: "a-test-secret-that-is-long-enough-0123456789",
      NODE_ENV: "test",
    });
    adminId = (await upsertUser(auth, { ...ADMIN, role: "admin" })).id;
    editorId = (await upsertUser(auth, { ...EDITOR })).id;
    adminHeaders = await signIn(auth, ADMIN.email, ADMIN.password);
    const users = await listUsersAsAdmin(auth, adminHeaders);
    expect(users.map((u) => [u.email, u.role, u.disabled])).toEqual([
      [ADMIN.email, "admin", false],
      [EDITOR.email, "user", false],
    ]);
    const editorHeaders = await signIn(auth, EDITOR.email, EDITOR.password);
    expect(await refusal(listUsersAsAdmin(auth, editorHeaders))).toBe(USER_MESSAGES.refused);
    expect(await refusal(setRoleAsAdmin(auth, editorHeaders, editorId, editorId, "admin"))).toBe(
      USER_MESSAGES.refused,
    );
    expect((await listUsersAsAdmin(auth, adminHeaders)).find((u) => u.id === editorId)?.role).toBe(
      "user",
    );
  });

  it("creates a user, refusing a weak password and a taken e-mail", async () => {
    expect(
      await refusal(
        createUserAsAdmin(auth, adminHeaders, {
          email: "new@example.test",
          name: "New",
          password: "short",
          role: "user",
        }),
      ),
    ).toContain("at least 12 characters");
    expect(
      await refusal(
        createUserAsAdmin(auth, adminHeaders, {
          email: EDITOR.email,
          name: "Again",
          password: "another-Strong-phrase-93",
          role: "author",
        }),
      ),
    ).toBe(USER_MESSAGES.emailTaken);
    const created = await createUserAsAdmin(auth, adminHeaders, {
      email: "New@Example.test",
      name: "New Person",
      password: "another-Strong-phrase-93",
      role: "editor",
    });
    expect(created.email).toBe("new@example.test");
    const users = await listUsersAsAdmin(auth, adminHeaders);
    expect(users).toHaveLength(3);
    expect(users.find((u) => u.id === created.id)).toMatchObject({
      name: "New Person",
      role: "editor",
    });
  });

  it("never lets an admin demote or disable themselves", async () => {
    for (const role of ["editor", "author", "user"] as const)
      expect(await refusal(setRoleAsAdmin(auth, adminHeaders, adminId, adminId, role))).toBe(
        USER_MESSAGES.selfDemote,
      );
    expect(await refusal(setUserDisabledAsAdmin(auth, adminHeaders, adminId, adminId, true))).toBe(
      USER_MESSAGES.selfDisable,
    );
    const me = (await listUsersAsAdmin(auth, adminHeaders)).find((u) => u.id === adminId);
    expect(me).toMatchObject({ role: "admin", disabled: false });
  });

  it("gives another user each role in turn, and takes the back-office away again", async () => {
    const roleOf = async () =>
      (await listUsersAsAdmin(auth, adminHeaders)).find((u) => u.id === editorId)?.role;
    for (const role of ["admin", "editor", "author", "user"] as const) {
      await setRoleAsAdmin(auth, adminHeaders, adminId, editorId, role);
      expect(await roleOf()).toBe(role);
    }
    // An admin may confirm their own admin role; only removing it is refused.
    await setRoleAsAdmin(auth, adminHeaders, adminId, adminId, "admin");
  });

  it("user:create's upsert sets a role when asked and leaves it alone otherwise", async () => {
    const email = "cli@example.test";
    const password = "granite-Willow-beacon-64";
    const { id, created } = await upsertUser(auth, { email, password, role: "author" });
    expect(created).toBe(true);
    const roleOf = async () =>
      (await listUsersAsAdmin(auth, adminHeaders)).find((u) => u.id === id)?.role;
    expect(await roleOf()).toBe("author");
    expect(await upsertUser(auth, { email, password })).toEqual({ id, created: false });
    expect(await roleOf()).toBe("author");
    await upsertUser(auth, { email, password, role: "editor" });
    expect(await roleOf()).toBe("editor");
    const plain = await upsertUser(auth, { email: "plain@example.test", password });
    expect((await listUsersAsAdmin(auth, adminHeaders)).find((u) => u.id === plain.id)?.role).toBe(
      "user",
    );
  });

  it("disables a user (ending their sessions) and enables them again", async () => {
    const editorHeaders = await signIn(auth, EDITOR.email, EDITOR.password);
    expect(await auth.api.getSession({ headers: editorHeaders })).not.toBeNull();
    await setUserDisabledAsAdmin(auth, adminHeaders, adminId, editorId, true);
    expect(await auth.api.getSession({ headers: editorHeaders })).toBeNull();
    await expect(signIn(auth, EDITOR.email, EDITOR.password)).rejects.toThrow();
    await setUserDisabledAsAdmin(auth, adminHeaders, adminId, editorId, false);
    expect(await signIn(auth, EDITOR.email, EDITOR.password)).toBeInstanceOf(Headers);
  });

  it("resets a password, ending the user's sessions; the old password stops working", async () => {
    const editorHeaders = await signIn(auth, EDITOR.email, EDITOR.password);
    expect(
      await refusal(
        resetPasswordAsAdmin(auth, adminHeaders, { id: editorId, email: EDITOR.email }, "password"),
      ),
    ).toContain("at least 12");
    expect(await auth.api.getSession({ headers: editorHeaders })).not.toBeNull();
    const fresh = "brand-New-harbour-phrase-57";
    await resetPasswordAsAdmin(auth, adminHeaders, { id: editorId, email: EDITOR.email }, fresh);
    expect(await auth.api.getSession({ headers: editorHeaders })).toBeNull();
    await expect(signIn(auth, EDITOR.email, EDITOR.password)).rejects.toThrow();
    const again = await signIn(auth, EDITOR.email, fresh);
    await revokeSessionsAsAdmin(auth, adminHeaders, editorId);
    expect(await auth.api.getSession({ headers: again })).toBeNull();
    expect(await auth.api.getSession({ headers: adminHeaders })).not.toBeNull();
  });

  // What broke (issue 25): better-auth's admin API let an admin impersonate anyone, store roles
  // such as "superuser,admin" and edit or delete users, none of it through the app's own policy
  // or audit. Only what the Users screen does is allowed, and only through users.server.ts.
  it("refuses an admin what the Users screen never does: impersonation, unknown roles, edits, deletion", async () => {
    const status = async (call: () => Promise<unknown>) => {
      try {
        await call();
        return "allowed";
      } catch (err) {
        return String((err as { status?: unknown }).status);
      }
    };
    const headers = adminHeaders;
    const userId = editorId;
    const tries = {
      impersonate: () => auth.api.impersonateUser({ body: { userId }, headers }),
      superuser: () =>
        auth.api.setRole({ body: { userId, role: "superuser" as "admin" }, headers }),
      roleList: () =>
        auth.api.setRole({ body: { userId, role: "superuser,admin" as "admin" }, headers }),
      update: () =>
        auth.api.adminUpdateUser({ body: { userId, data: { name: "Renamed" } }, headers }),
      remove: () => auth.api.removeUser({ body: { userId }, headers }),
      getUser: () => auth.api.getUser({ query: { id: userId }, headers }),
      sessions: () => auth.api.listUserSessions({ body: { userId }, headers }),
    };
    for (const [name, call] of Object.entries(tries))
      expect([name, await status(call)]).toEqual([
        name,
        expect.stringMatching(/FORBIDDEN|BAD_REQUEST/),
      ]);
    const editor = (await listUsersAsAdmin(auth, adminHeaders)).find((u) => u.id === editorId);
    expect(editor).toMatchObject({ email: EDITOR.email, role: "user" });
  });
});

describe("the README's user:create example", () => {
  it("has a password placeholder the rules refuse, so nobody keeps it as a password", () => {
    // Regression: the README's example was a long passphrase that user:create accepted as it was.
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const example =
      /npm run user:create -- --email (\S+) --password '([^']*)'/.exec(readme) ??
      /npm run user:create -- --email (\S+) --password "([^"]*)"/.exec(readme);
    expect(
      example,
      "README.md shows no user:create command with a quoted --password",
    ).not.toBeNull();
    const [, email, password] = example!;
    expect(passwordProblem(password, email)).toBeDefined();
  });
});
