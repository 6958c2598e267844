/**
 * The rules of the administrators' application and feedback screens: the decision form, what a
 * reply sets, which conversation entries show a status, where a feedback opens the reader, the
 * lists' queries in the address and the times they show.
 */
import { describe, expect, it } from "vitest";
import type { AdminApplicationDetail } from "../../contract/applications.ts";
import { APPLICATION_LIST } from "../../src/features/admin/applications/applicationList.ts";
import {
  canDecide,
  checkDecision,
  confirmDecision,
  reasonLength,
  shownDecision,
} from "../../src/features/admin/applications/decision.ts";
import { decisionErrors } from "../../src/features/admin/applications/text.ts";
import { readerPlace } from "../../src/features/admin/feedback/feedbackList.ts";
import { FEEDBACK_LIST } from "../../src/features/admin/feedback/feedbackSearch.ts";
import {
  checkAdminReply,
  initialReplyStatus,
  isCompleted,
  REPLY_STATUSES,
  replyBody,
} from "../../src/features/admin/feedback/reply.ts";
import { showsLogStatus } from "../../src/features/feedback/conversation/conversationView.ts";
import {
  filterValue,
  listRequestQuery,
  listSearchValidator,
  readListSearch,
} from "../../src/features/list-screen/listSearch.ts";
import { myFeedbackText } from "../../src/features/personal/feedback/text.ts";
import { shownTime } from "../../src/ui/shownTime.ts";

type Log = AdminApplicationDetail["apply_logs"][number];
const log = (status: Log["status"], reason = "", dealBy: number | null = 1): Log => ({
  status,
  reason,
  deal_at: 0,
  deal_by: dealBy,
  deal_username: dealBy === null ? null : "admin",
  deal_nickname: null,
});

describe("the decision on an application", () => {
  it("needs a status, and a reason only for a rejection", () => {
    expect(checkDecision({ status: null, reason: "" })).toEqual({
      status: decisionErrors.statusRequired,
      reason: null,
    });
    expect(checkDecision({ status: "approved", reason: "" })).toEqual({ status: null, reason: null });
    expect(checkDecision({ status: "rejected", reason: "  \n " })).toEqual({
      status: null,
      reason: decisionErrors.reasonRequired,
    });
    expect(checkDecision({ status: "rejected", reason: "资料不全" })).toEqual({ status: null, reason: null });
  });

  it("keeps the reason to 500 characters as the reader counts them, without control characters", () => {
    expect(checkDecision({ status: "rejected", reason: "𠀀".repeat(500) }).reason).toBeNull();
    expect(reasonLength(` ${"𠀀".repeat(500)} `)).toBe(500);
    expect(checkDecision({ status: "rejected", reason: "好".repeat(501) }).reason).toBe(
      decisionErrors.reasonTooLong,
    );
    expect(checkDecision({ status: "rejected", reason: "a\u202eb" }).reason).toBe(decisionErrors.reasonChars);
    expect(checkDecision({ status: "rejected", reason: "第一行\n第二行" }).reason).toBeNull();
    // An approval sends no reason, so what is typed there is not checked.
    expect(checkDecision({ status: "approved", reason: "好".repeat(501) }).reason).toBeNull();
  });

  it("is sent only for a pending application, with the reason only when rejecting", () => {
    expect(confirmDecision("pending", { status: "rejected", reason: "  请补充研究经历 " })).toEqual({
      kind: "send",
      deal: { status: "rejected", reason: "请补充研究经历" },
    });
    expect(confirmDecision("pending", { status: "approved", reason: "欢迎" })).toEqual({
      kind: "send",
      deal: { status: "approved", reason: "" },
    });
    expect(confirmDecision("pending", { status: "rejected", reason: "" })).toEqual({
      kind: "invalid",
      problems: { status: null, reason: decisionErrors.reasonRequired },
    });
    expect(confirmDecision("pending", { status: null, reason: "" }).kind).toBe("invalid");
  });

  it("just closes the drawer for an application already decided", () => {
    expect(canDecide("pending")).toBe(true);
    for (const status of ["approved", "rejected"] as const) {
      expect(canDecide(status)).toBe(false);
      expect(confirmDecision(status, { status: null, reason: "" })).toEqual({ kind: "close" });
      expect(confirmDecision(status, { status: "approved", reason: "" })).toEqual({ kind: "close" });
    }
  });

  it("shows the decision made (the newest of that status) on a decided application, nothing on a pending one", () => {
    const history = [log("rejected", "仍缺材料"), log("pending", "", null), log("rejected", "资料不全")];
    expect(shownDecision({ latest_status: "rejected", apply_logs: history })).toEqual({
      status: "rejected",
      reason: "仍缺材料",
    });
    expect(shownDecision({ latest_status: "approved", apply_logs: [log("approved"), ...history] })).toEqual({
      status: "approved",
      reason: "",
    });
    expect(
      shownDecision({ latest_status: "pending", apply_logs: [log("pending", "", null), ...history] }),
    ).toEqual({ status: null, reason: "" });
  });
});

describe("the administrator's reply to a feedback", () => {
  it("offers the feedback's status first, or processing while it is pending", () => {
    expect(REPLY_STATUSES).not.toContain("pending");
    expect(initialReplyStatus("pending")).toBe("processing");
    expect(initialReplyStatus("processing")).toBe("processing");
    expect(initialReplyStatus("completed_valid")).toBe("completed_valid");
    expect(initialReplyStatus("completed_invalid")).toBe("completed_invalid");
  });

  it("needs its content (at most 500 characters) and sends it trimmed with the status", () => {
    expect(checkAdminReply({ status: "processing", content: " " })).toBe(myFeedbackText.replyRequired);
    expect(checkAdminReply({ status: "processing", content: "好".repeat(501) })).toBe(
      myFeedbackText.replyTooLong,
    );
    expect(checkAdminReply({ status: "completed_valid", content: "已改正" })).toBeNull();
    expect(replyBody({ status: "completed_valid", content: "  已改正\n谢谢 " })).toEqual({
      status: "completed_valid",
      content: "已改正\n谢谢",
    });
  });

  it("tells a completed feedback from an open one", () => {
    expect(isCompleted("pending")).toBe(false);
    expect(isCompleted("processing")).toBe(false);
    expect(isCompleted("completed_valid")).toBe(true);
    expect(isCompleted("completed_invalid")).toBe(true);
  });
});

describe("the conversation's statuses", () => {
  it("hides the status of pending entries and shows every other", () => {
    expect(showsLogStatus({ status: "pending" })).toBe(false);
    expect(showsLogStatus({ status: "processing" })).toBe(true);
    expect(showsLogStatus({ status: "completed_valid" })).toBe(true);
    expect(showsLogStatus({ status: "completed_invalid" })).toBe(true);
  });
});

describe("where a feedback opens the reader", () => {
  it("opens a reel at the first selected line, and a page with the whole selection marked", () => {
    expect(
      readerPlace({
        source: "by_reel",
        reel_uid: "JS0001_001",
        page_id: null,
        cids: ["JS0001_001.1.2", "x"],
      }),
    ).toEqual({ label: "JS0001_001", href: "/scroll/JS0001_001?cid=JS0001_001.1.2" });
    expect(readerPlace({ source: "by_reel", reel_uid: "JS0001_001", page_id: null, cids: [] })).toEqual({
      label: "JS0001_001",
      href: "/scroll/JS0001_001",
    });
    const page = readerPlace({ source: "by_page", reel_uid: null, page_id: "QL_24_17", cids: ["a1", "a2"] });
    expect(page?.label).toBe("QL_24_17");
    expect(page && new URL(page.href, "https://reader.test").searchParams.get("cid")).toBe("a1,a2");
    expect(page?.href.startsWith("/page/QL_24_17?")).toBe(true);
    expect(readerPlace({ source: "by_page", reel_uid: null, page_id: null, cids: [] })).toBeNull();
  });
});

describe("the admin lists' queries", () => {
  it("keep only real dates in a date filter", () => {
    expect(filterValue("date", " 2024-02-29 ")).toBe("2024-02-29");
    expect(filterValue("date", "2023-02-29")).toBe("");
    expect(filterValue("date", "2024-2-1")).toBe("");
    expect(filterValue("date", "yesterday")).toBe("");
  });

  it("keep the feedback filters in the address and ask the server in its terms", () => {
    const validate = listSearchValidator(FEEDBACK_LIST);
    const printed = validate({
      username: " e2e_reader ",
      status: "completed_valid",
      question_type: "typo",
      start_date: "2024-09-01",
      end_date: "2024-13-01",
      sort_by: "created_at",
      page_size: 10,
    });
    expect(printed).toEqual({
      username: "e2e_reader",
      status: "completed_valid",
      start_date: "2024-09-01",
      sort_by: "created_at",
    });
    expect(listRequestQuery(readListSearch(FEEDBACK_LIST, printed))).toEqual({
      page_no: 1,
      page_size: 10,
      username: "e2e_reader",
      status: "completed_valid",
      start_date: "2024-09-01",
      sort_by: "created_at",
    });
    expect(listRequestQuery(readListSearch(FEEDBACK_LIST, {})).sort_by).toBe("-created_at");
  });

  it("send no order for the applications, which the server keeps in its own", () => {
    const search = readListSearch(APPLICATION_LIST, {
      latest_status: "rejected",
      sort_by: "-created_at",
    });
    expect(listRequestQuery(search)).toEqual({ page_no: 1, page_size: 10, latest_status: "rejected" });
    expect(listSearchValidator(APPLICATION_LIST)({ latest_status: "archived", phone: 13800000000 })).toEqual({
      phone: "13800000000",
    });
  });
});

describe("times on the admin screens", () => {
  it("show YYYY-MM-DD HH:mm:ss on the administrator's clock, not the site's", () => {
    const at = Date.UTC(2024, 8, 1, 16, 5, 9);
    expect(shownTime("Asia/Shanghai").dateTime(at)).toBe("2024-09-02 00:05:09");
    expect(shownTime("UTC").dateTime(at)).toBe("2024-09-01 16:05:09");
    expect(shownTime("America/New_York").dateTime(at)).toBe("2024-09-01 12:05:09");
  });
});
