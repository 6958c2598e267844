/** The update prompt's states: a waiting worker, the reader's choice, and the one reload. */
import { describe, expect, it } from "vitest";
import { createAppUpdate } from "../../src/offline/pwa/appUpdate.ts";
import { MANIFEST_ICONS, webManifest } from "../../src/offline/pwa/webManifest.ts";

function harness() {
  const calls = { reload: 0, activate: 0, notified: 0 };
  const update = createAppUpdate(() => calls.reload++);
  update.subscribe(() => calls.notified++);
  return { update, calls, activate: () => calls.activate++ };
}

describe("the app update", () => {
  it("offers a waiting worker, activates it on accept and reloads once it controls", () => {
    const { update, calls, activate } = harness();
    expect(update.state()).toBe("none");
    update.waiting(activate);
    expect(update.state()).toBe("waiting");
    update.accept();
    expect(update.state()).toBe("applying");
    expect(calls.activate).toBe(1);
    update.controlling();
    update.controlling();
    expect(calls.reload).toBe(1);
    expect(calls.notified).toBe(2);
  });

  it("does not reload when a first worker takes control unasked", () => {
    const { update, calls } = harness();
    update.controlling();
    expect(calls.reload).toBe(0);
    expect(update.state()).toBe("none");
  });

  it("activates nothing when nothing waits, and accepts only once", () => {
    const { update, calls, activate } = harness();
    update.accept();
    expect(calls.activate).toBe(0);
    update.waiting(activate);
    update.accept();
    update.accept();
    expect(calls.activate).toBe(1);
  });

  it("hides the prompt when dismissed and shows it again for the next waiting worker", () => {
    const { update, calls, activate } = harness();
    update.waiting(activate);
    update.dismiss();
    expect(update.state()).toBe("none");
    update.controlling();
    expect(calls.reload).toBe(0);
    update.waiting(activate);
    expect(update.state()).toBe("waiting");
  });
});

describe("the web manifests", () => {
  it("name the app in each interface language with one identity, colour and start", () => {
    const names = (["zh-CN", "zh-TW", "en"] as const).map((locale) => webManifest(locale));
    expect(names.map((manifest) => manifest.name)).toEqual(["藏经阅读", "藏經閱讀", "Canon Reader"]);
    expect(names.map((manifest) => manifest.lang)).toEqual(["zh-CN", "zh-TW", "en"]);
    for (const manifest of names) {
      expect(manifest).toMatchObject({
        id: "/",
        start_url: "/",
        scope: "/",
        display: "standalone",
        theme_color: "#987444",
      });
      expect(manifest.icons).toBe(MANIFEST_ICONS);
    }
  });
});
