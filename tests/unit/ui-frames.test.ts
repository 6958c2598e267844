// @vitest-environment jsdom
/**
 * The shared parts of the dialogs, panels and settings popovers in a real DOM: what the first action
 * of a task dialog does, how a list table shows its rows or its empty state, and what a choice
 * setting hands on.
 */
import { TableCell, TableRow } from "@fluentui/react-components";
import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, createElement, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ItemTable } from "../../src/ui/ItemTable.tsx";
import { MessageLine } from "../../src/ui/MessageLine.tsx";
import { ChoiceSetting } from "../../src/ui/SettingsFrame.tsx";
import { TaskDialog, useDialogTask } from "../../src/ui/TaskDialog.tsx";

const i18n = setupI18n({ locale: "zh-CN", messages: { "zh-CN": {} } });
let root: Root | null = null;

beforeAll(() => {
  Reflect.set(globalThis, "IS_REACT_ACT_ENVIRONMENT", true);
});

afterEach(() => {
  act(() => root?.unmount());
  vi.unstubAllGlobals();
  root = null;
  document.body.innerHTML = "";
});

function render(node: ReactNode): HTMLElement {
  const container = document.body.appendChild(document.createElement("div"));
  root = createRoot(container);
  act(() => root?.render(createElement(I18nProvider, { i18n }, node)));
  return container;
}

const click = (element: Element | null) =>
  act(() => element?.dispatchEvent(new MouseEvent("click", { bubbles: true })));

describe("a task dialog", () => {
  const body = { children: "Body" };

  it("closes from its first action, its own actions after it", () => {
    const onClose = vi.fn();
    render(
      createElement(TaskDialog, {
        title: "Title",
        closeText: "Cancel",
        onClose,
        actions: createElement("button", { type: "button", "data-own": "" }, "Start"),
        "data-surface": "",
        ...body,
      }),
    );
    const buttons = [...document.querySelectorAll("[data-surface] button")];
    expect(buttons.map((button) => button.textContent)).toEqual(["Cancel", "Start"]);
    click(buttons[0] ?? null);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("stops the running task from its first action instead of closing", () => {
    const onClose = vi.fn();
    const onStop = vi.fn();
    render(
      createElement(TaskDialog, {
        title: "Title",
        closeText: "Cancel",
        onClose,
        onStop,
        busy: true,
        "data-surface": "",
        ...body,
      }),
    );
    click(document.querySelector("[data-surface] [data-task-stop]"));
    expect(onStop).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe("a dialog's task", () => {
  type Task = ReturnType<typeof useDialogTask>;

  function withTask(onClose: () => void): Task {
    const held: { task: Task | null } = { task: null };
    function Holder() {
      held.task = useDialogTask(onClose);
      return null;
    }
    render(createElement(Holder));
    if (!held.task) throw new Error("the hook did not run");
    return held.task;
  }

  it("aborts the running task when stopped, and the dialog's closing aborts it too", async () => {
    const onClose = vi.fn();
    const task = withTask(onClose);
    const signals: AbortSignal[] = [];
    let finish = () => {};
    const running = task.run(async (signal) => {
      signals.push(signal);
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    task.stop();
    expect(signals[0]?.aborted).toBe(true);
    finish();
    await running;

    const next = task.run(async (signal) => {
      signals.push(signal);
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    task.close();
    expect(signals[1]?.aborted).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
    finish();
    await next;
  });

  it("leaves a finished task's signal alone", async () => {
    const task = withTask(() => {});
    let kept: AbortSignal | null = null;
    await task.run(async (signal) => {
      kept = signal;
    });
    task.stop();
    expect(kept).not.toBeNull();
    expect((kept as AbortSignal | null)?.aborted).toBe(false);
  });
});

describe("a list table", () => {
  const columns = [{ id: "a", message: "A" }, { id: "b", message: "B" }, null];
  const row = (item: string) =>
    createElement(
      TableRow,
      { key: item, id: `row-${item}` },
      createElement(TableCell, null, item),
      createElement(TableCell, null, "-"),
      createElement(TableCell, null, ""),
    );

  it("shows its empty state, and no table, when the list holds nothing", () => {
    const view = render(
      createElement(ItemTable<string>, {
        items: [],
        columns,
        row,
        empty: createElement("p", { "data-empty": "" }, "Nothing"),
      }),
    );
    expect(view.querySelector("[data-empty]")?.textContent).toBe("Nothing");
    expect(view.querySelector("table")).toBeNull();
  });

  it("shows a heading per column and a row per item", () => {
    const view = render(
      createElement(ItemTable<string>, {
        items: ["x", "y"],
        columns,
        row,
        empty: "Nothing",
        "aria-label": "Things",
      }),
    );
    const table = view.querySelector("table");
    expect(table?.getAttribute("aria-label")).toBe("Things");
    expect([...view.querySelectorAll("thead th")].map((cell) => cell.textContent)).toEqual(["A", "B", ""]);
    expect([...view.querySelectorAll("tbody tr")].map((r) => r.id)).toEqual(["row-x", "row-y"]);
  });
});

describe("a choice setting", () => {
  it("hands on a choice of its list, with each choice's text", () => {
    const onChange = vi.fn();
    const view = render(
      createElement(ChoiceSetting<"one" | "two">, {
        label: "Number",
        name: "number",
        value: "one",
        choices: ["one", "two"],
        text: (choice) => choice.toUpperCase(),
        onChange,
      }),
    );
    const select = view.querySelector<HTMLSelectElement>('select[name="number"]');
    expect([...(select?.options ?? [])].map((option) => option.textContent)).toEqual(["ONE", "TWO"]);
    act(() => {
      if (!select) return;
      select.value = "two";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(onChange).toHaveBeenCalledWith("two");
  });
});

describe("a message line", () => {
  it("passes its data attributes on to the bar", () => {
    const message = { children: "Too new" };
    // The bar watches its width to wrap its actions; jsdom has no ResizeObserver.
    vi.stubGlobal(
      "ResizeObserver",
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    const view = render(
      createElement(MessageLine, { intent: "error", "data-pack-error": "PACK_VERSION", ...message }),
    );
    const bar = view.querySelector('[data-pack-error="PACK_VERSION"]');
    expect(bar?.textContent).toContain("Too new");
  });
});
