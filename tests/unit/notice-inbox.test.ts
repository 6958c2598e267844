import { describe, expect, it } from "vitest";
import { createNoticeInbox, type ShownNotice } from "../../src/app/shell/noticeInbox.ts";

const failed: ShownNotice = { kind: "toast", text: "用户名或密码错误", intent: "error" };
const saved: ShownNotice = { kind: "toast", text: "修改成功", intent: "success" };
const limited: ShownNotice = { kind: "rateLimited" };

describe("notice inbox", () => {
  it("keeps what arrives before the host attaches and hands it over in order", () => {
    const inbox = createNoticeInbox();
    inbox.post(failed);
    inbox.post(limited);
    const shown: ShownNotice[] = [];
    inbox.attach((notice) => shown.push(notice));
    expect(shown).toEqual([failed, limited]);
    inbox.post(saved);
    expect(shown).toEqual([failed, limited, saved]);
  });

  it("hands a waiting notice over once, and keeps notices after the host detaches for the next one", () => {
    const inbox = createNoticeInbox();
    inbox.post(failed);
    const first: ShownNotice[] = [];
    const detach = inbox.attach((notice) => first.push(notice));
    detach();
    inbox.post(saved);
    const second: ShownNotice[] = [];
    inbox.attach((notice) => second.push(notice));
    expect(first).toEqual([failed]);
    expect(second).toEqual([saved]);
  });

  it("ignores a stale detach once another host has attached", () => {
    const inbox = createNoticeInbox();
    const stale = inbox.attach(() => undefined);
    const shown: ShownNotice[] = [];
    inbox.attach((notice) => shown.push(notice));
    stale();
    inbox.post(saved);
    expect(shown).toEqual([saved]);
  });
});
