import { describe, expect, it } from "vitest";
import type { DB } from "~/platform/db/db.server.ts";
import type { GenerationSource } from "./follow.server.ts";
import { generationMemo } from "./per-generation.server.ts";

/** A generation source whose number the test moves by hand. */
function sources() {
  const state = { generation: 1 };
  const generation: GenerationSource = {
    current: async () => state.generation,
    currentSync: () => state.generation,
    stop: async () => {},
  };
  return { state, get: async () => ({ db: {} as DB, generation }) };
}

describe("a value kept per content generation", () => {
  it("is computed once per generation and name, again after a write", async () => {
    const { state, get } = sources();
    const perGeneration = generationMemo(get);
    let computed = 0;
    const compute = async () => ++computed;
    expect(await perGeneration("a", compute)).toBe(1);
    expect(await perGeneration("a", compute)).toBe(1);
    expect(await perGeneration("b", compute)).toBe(2);
    state.generation = 2;
    expect(await perGeneration("a", compute)).toBe(3);
  });

  it("does not keep a computation that failed", async () => {
    const { get } = sources();
    const perGeneration = generationMemo(get);
    await expect(perGeneration("x", async () => Promise.reject(new Error("down")))).rejects.toThrow(
      "down",
    );
    expect(await perGeneration("x", async () => "up")).toBe("up");
  });
});
