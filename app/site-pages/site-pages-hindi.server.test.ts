import { expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import { getSitePage, sitePageIn, sitePageTranslation } from "./site-pages.repository.server.ts";
import { savedSitePage } from "../../test/writes.ts";

const EDITOR = { id: null, email: null, name: "Editor" };
const english = {
  slug: "about-us",
  title: "About Us",
  description: "Who runs this site.",
  body: "<p>We list government jobs.</p>",
};
const hindi = {
  title: "हमारे बारे में",
  description: "यह साइट कौन चलाता है।",
  body: "<p>हम सरकारी नौकरियों की जानकारी देते हैं।</p>",
};

describeEachDatabase("a site page's Hindi version", (db) => {
  it("is kept beside the English, shown on Hindi pages, and missing until written", async () => {
    const first = await savedSitePage(db(), english, EDITOR);
    expect(first.hindi).toBeNull();
    expect(sitePageTranslation(first)).toBe("missing");
    expect(sitePageIn(first, "hi")).toMatchObject({ title: "About Us", translated: false });

    await savedSitePage(db(), { ...english, hindi }, EDITOR);
    const stored = (await getSitePage(db(), "about-us"))!;
    expect(stored.hindi).toMatchObject(hindi);
    expect(sitePageTranslation(stored)).toBe("complete");
    expect(sitePageIn(stored, "hi")).toMatchObject({ ...hindi, translated: true });
    expect(sitePageIn(stored, "en")).toMatchObject({ title: "About Us", translated: true });
  });

  it("keeps the Hindi when a save leaves it out, and says when the English changed since", async () => {
    const before = (await getSitePage(db(), "about-us"))!;
    // The same English words: nothing is "changed".
    await savedSitePage(db(), english, EDITOR);
    const same = (await getSitePage(db(), "about-us"))!;
    expect(same.hindi).toEqual(before.hindi);
    expect(sitePageTranslation(same)).toBe("complete");
    // New English words: the Hindi is older than the English now.
    await new Promise((r) => setTimeout(r, 5));
    await savedSitePage(db(), { ...english, body: "<p>We list jobs and results.</p>" }, EDITOR);
    const changed = (await getSitePage(db(), "about-us"))!;
    expect(changed.hindi?.title).toBe(hindi.title);
    expect(sitePageTranslation(changed)).toBe("changed");
    // Writing the Hindi again settles it; null removes it.
    await new Promise((r) => setTimeout(r, 5));
    await savedSitePage(
      db(),
      {
        ...english,
        body: "<p>We list jobs and results.</p>",
        hindi: { ...hindi, body: "<p>नौकरी और रिजल्ट।</p>" },
      },
      EDITOR,
    );
    expect(sitePageTranslation((await getSitePage(db(), "about-us"))!)).toBe("complete");
    await savedSitePage(db(), { ...english, hindi: null }, EDITOR);
    expect((await getSitePage(db(), "about-us"))!.hindi).toBeNull();
  });
});
