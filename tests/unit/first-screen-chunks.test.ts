/**
 * Which code goes together in the build (scripts/first-screen-chunks.ts), read from a probe
 * build's chunks: the entry's, the app's and each set of first screens' code in one file each,
 * what lazy parts may load under other screens left apart, and small pieces with the app's.
 */
import { describe, expect, it } from "vitest";
import { firstScreenGroups, type ProbeChunk } from "../../scripts/first-screen-chunks.ts";

const ROOT = "/repo";

/** A probe chunk of the given modules (each `bytes` long), imports and lazy imports. */
function chunk(
  fileName: string,
  modules: string[],
  options: {
    imports?: string[];
    lazy?: string[];
    facade?: string;
    entry?: boolean;
    part?: boolean;
    bytes?: number;
  } = {},
): ProbeChunk {
  const ids = modules.map((module) => `${ROOT}/${module}`);
  return {
    fileName,
    imports: options.imports ?? [],
    dynamicImports: options.lazy ?? [],
    facadeModuleId: options.facade ? `${ROOT}/${options.facade}` : null,
    isEntry: options.entry ?? false,
    isDynamicEntry: options.part ?? options.facade !== undefined,
    moduleIds: ids,
    modules: Object.fromEntries(
      ids.map((id) => [
        id,
        {
          code: null,
          renderedLength: options.bytes ?? 10_000,
          originalLength: 0,
          removedExports: [],
          renderedExports: [],
        },
      ]),
    ),
  };
}

/**
 * A build like the app's: the entry loads the app, which loads the reel and home screens; the
 * reel opens its reading guide (only there), the app opens a feedback drawer (anywhere).
 */
function probeBuild(overrides: { shared?: ProbeChunk } = {}): ProbeChunk[] {
  const shared = overrides.shared ? [overrides.shared.fileName] : [];
  return [
    chunk("index.js", ["index.html", "src/main.tsx"], {
      entry: true,
      facade: "index.html",
      imports: ["ids.js"],
      lazy: ["start.js"],
    }),
    chunk("ids.js", ["contract/ids.ts"]),
    chunk("start.js", ["src/app/start.tsx"], {
      facade: "src/app/start.tsx",
      imports: ["react.js", "ids.js"],
      lazy: ["ReelScreen.js", "TripitakaScreen.js", "Feedback.js"],
    }),
    chunk("react.js", ["node_modules/react/index.js"]),
    chunk("ReelScreen.js", ["src/app/routes/ReelScreen.tsx"], {
      facade: "src/app/routes/ReelScreen.tsx",
      imports: ["ReelView.js", "Button.js", "Dialog.js", "react.js", ...shared],
      lazy: ["Guide.js"],
    }),
    chunk("ReelView.js", ["src/features/reader-reel/ReelView.tsx", "src/features/reader-reel/ReelText.tsx"], {
      bytes: 20_000,
    }),
    chunk("TripitakaScreen.js", ["src/app/routes/TripitakaScreen.tsx"], {
      facade: "src/app/routes/TripitakaScreen.tsx",
      imports: ["Button.js", "Dialog.js", "react.js"],
    }),
    // Shared by the reel and the home alone.
    chunk("Button.js", ["node_modules/button.js"], { imports: ["react.js"] }),
    // Shared by both screens and the feedback drawer, which any screen may open.
    chunk("Dialog.js", ["node_modules/dialog.js"], { imports: ["react.js"], bytes: 30_000 }),
    chunk("Guide.js", ["src/features/reader-reel/ReadingGuide.tsx"], {
      facade: "src/features/reader-reel/ReadingGuide.tsx",
      imports: ["ReelView.js"],
    }),
    chunk("Feedback.js", ["src/features/feedback/FeedbackDrawer.tsx"], {
      facade: "src/features/feedback/FeedbackDrawer.tsx",
      imports: ["Dialog.js", ...shared],
    }),
    ...(overrides.shared ? [overrides.shared] : []),
  ];
}

const groupOf = (groups: Map<string, string>, module: string) => groups.get(`${ROOT}/${module}`);

describe("the first screens' code groups", () => {
  it("puts the entry's imports, the app's and each set of screens' code together", () => {
    const groups = firstScreenGroups(probeBuild());
    expect(groupOf(groups, "contract/ids.ts")).toBe("entry");
    expect(groupOf(groups, "node_modules/react/index.js")).toBe("app");
    expect(groupOf(groups, "src/features/reader-reel/ReelView.tsx")).toBe("screen-reel");
    expect(groupOf(groups, "src/features/reader-reel/ReelText.tsx")).toBe("screen-reel");
  });

  it("leaves the roots in chunks of their own", () => {
    const groups = firstScreenGroups(probeBuild());
    for (const root of ["src/main.tsx", "index.html", "src/app/start.tsx", "src/app/routes/ReelScreen.tsx"])
      expect(groupOf(groups, root), root).toBeUndefined();
  });

  it("groups code a lazy part shares with a screen when the part loads under that screen alone", () => {
    // The reading guide imports the reel's view: it loads only where the reel is, so that is fine.
    const groups = firstScreenGroups(probeBuild());
    expect(groupOf(groups, "src/features/reader-reel/ReelView.tsx")).toBe("screen-reel");
    expect(groupOf(groups, "src/features/reader-reel/ReadingGuide.tsx")).toBeUndefined();
  });

  it("leaves apart what a lazy part may load under another screen", () => {
    // The feedback drawer may open on any screen: with the dialog in the screens' group, it
    // would load the screens' code too.
    const groups = firstScreenGroups(probeBuild());
    expect(groupOf(groups, "node_modules/dialog.js")).toBeUndefined();
  });

  it("sends a small set of screens' code, and a small piece left apart, to the app's", () => {
    const groups = firstScreenGroups(
      probeBuild({ shared: chunk("Tiny.js", ["src/ui/tiny.ts"], { imports: ["react.js"], bytes: 1_000 }) }),
    );
    // The button is the home and reel's only shared code, 10 kB: less than a file's worth.
    expect(groupOf(groups, "node_modules/button.js")).toBe("app");
    // Shared by the reel and the feedback drawer, it is left apart, but imports only what the app loads.
    expect(groupOf(groups, "src/ui/tiny.ts")).toBe("app");
  });

  it("keeps a small piece apart when it imports what the app does not load", () => {
    const build = probeBuild().map((each) =>
      each.fileName === "Button.js" ? { ...each, imports: ["react.js", "Dialog.js"] } : each,
    );
    expect(groupOf(firstScreenGroups(build), "node_modules/button.js")).toBe("screen-home-reel");
    const tiny = chunk("Tiny.js", ["src/ui/tiny.ts"], { imports: ["Dialog.js"], bytes: 1_000 });
    expect(groupOf(firstScreenGroups(probeBuild({ shared: tiny })), "src/ui/tiny.ts")).toBeUndefined();
  });
});
