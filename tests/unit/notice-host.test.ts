// @vitest-environment jsdom
/**
 * The notice host in a real DOM: a notice the inbox receives while too many requests were sent
 * opens the 429 alert with the reader's texts, which its button closes.
 */
import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { NoticeHost } from "../../src/app/shell/NoticeHost.tsx";
import { createNoticeInbox } from "../../src/app/shell/noticeInbox.ts";

const i18n = setupI18n({
  locale: "en",
  messages: {
    en: {
      "api.rateLimited.title": "Too many requests",
      "api.rateLimited.text": "Write to us to go on.",
      "api.rateLimited.button": "I see",
    },
  },
});
let root: Root | null = null;

beforeAll(() => {
  Reflect.set(globalThis, "IS_REACT_ACT_ENVIRONMENT", true);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

describe("the notice host", () => {
  it("opens the rate-limit alert on its notice and closes it from the alert's button", () => {
    const inbox = createNoticeInbox();
    const container = document.body.appendChild(document.createElement("div"));
    root = createRoot(container);
    act(() => root?.render(createElement(I18nProvider, { i18n }, createElement(NoticeHost, { inbox }))));
    expect(document.querySelector("[role=alertdialog]")).toBeNull();

    act(() => inbox.post({ kind: "rateLimited" }));
    const alert = document.querySelector("[role=alertdialog]");
    expect(alert?.textContent).toContain("Too many requests");
    expect(alert?.textContent).toContain("Write to us to go on.");

    const button = [...(alert?.querySelectorAll("button") ?? [])].find((b) => b.textContent === "I see");
    act(() => button?.dispatchEvent(new MouseEvent("click", { bubbles: true })));
    expect(document.querySelector("[role=alertdialog]")).toBeNull();
  });
});
