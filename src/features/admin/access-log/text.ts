/** Text of the access log screen (simplified Chinese source). */
import type { MessageDescriptor } from "@lingui/core";
import type { OplogGroupType } from "../../../../contract/oplog-rules.ts";
import type { TrackingEvent } from "../../../../contract/tracking-events.ts";
import type { AccessLogColumnId } from "./accessLogList.ts";
import type { AccessLogTab } from "./accessLogSearch.ts";

export const accessLogText = {
  user: /*i18n*/ { id: "admin.accessLog.user", message: "用户" },
  userSearch: /*i18n*/ { id: "admin.accessLog.userSearch", message: "输入用户名或昵称查找" },
  noUserFound: /*i18n*/ { id: "admin.accessLog.noUserFound", message: "没有找到用户" },
  types: /*i18n*/ { id: "admin.accessLog.types", message: "操作类型" },
  start: /*i18n*/ { id: "admin.accessLog.start", message: "开始时间" },
  end: /*i18n*/ { id: "admin.accessLog.end", message: "结束时间" },
  startHint: /*i18n*/ { id: "admin.accessLog.startHint", message: "不填时从 {start} 起" },
  endHint: /*i18n*/ { id: "admin.accessLog.endHint", message: "不填时到当前时间" },
  grouping: /*i18n*/ { id: "admin.accessLog.grouping", message: "统计" },
  tabs: /*i18n*/ { id: "admin.accessLog.tabs", message: "查看方式" },
  visitor: /*i18n*/ { id: "admin.accessLog.visitor", message: "游客" },
  tableLabel: /*i18n*/ { id: "admin.accessLog.tableLabel", message: "访问日志" },
  groupsLabel: /*i18n*/ { id: "admin.accessLog.groupsLabel", message: "分组统计" },
  tileCount: /*i18n*/ { id: "admin.accessLog.tileCount", message: "{count} 次" },
  openTile: /*i18n*/ { id: "admin.accessLog.openTile", message: "查看 {name} 的访问记录" },
} satisfies Record<string, MessageDescriptor>;

export const tabText = {
  group: /*i18n*/ { id: "admin.accessLog.tab.group", message: "分组" },
  list: /*i18n*/ { id: "admin.accessLog.tab.list", message: "列表" },
} satisfies Record<AccessLogTab, MessageDescriptor>;

export const groupTypeText = {
  userid: /*i18n*/ { id: "admin.accessLog.groupBy.userid", message: "按用户" },
  event_id: /*i18n*/ { id: "admin.accessLog.groupBy.event_id", message: "按操作类型" },
  hour: /*i18n*/ { id: "admin.accessLog.groupBy.hour", message: "按小时" },
  day: /*i18n*/ { id: "admin.accessLog.groupBy.day", message: "按天" },
  month: /*i18n*/ { id: "admin.accessLog.groupBy.month", message: "按月" },
} satisfies Record<OplogGroupType, MessageDescriptor>;

export const columnText = {
  user: /*i18n*/ { id: "admin.accessLog.column.user", message: "用户" },
  url: /*i18n*/ { id: "admin.accessLog.column.url", message: "访问地址" },
  ip: /*i18n*/ { id: "admin.accessLog.column.ip", message: "IP" },
  userAgent: /*i18n*/ { id: "admin.accessLog.column.userAgent", message: "浏览器标识" },
  event: /*i18n*/ { id: "admin.accessLog.column.event", message: "操作类型" },
  tripitaka: /*i18n*/ { id: "admin.accessLog.column.tripitaka", message: "藏经" },
  ouid: /*i18n*/ { id: "admin.accessLog.column.ouid", message: "对象" },
  duration: /*i18n*/ { id: "admin.accessLog.column.duration", message: "停留时长" },
  time: /*i18n*/ { id: "admin.accessLog.column.time", message: "时间" },
} satisfies Record<AccessLogColumnId, MessageDescriptor>;

/** The tracking events (spec section 3). */
export const eventText = {
  FULLTEXT_SEARCH: /*i18n*/ { id: "admin.accessLog.event.FULLTEXT_SEARCH", message: "全文检索" },
  BROWSE_PAGE: /*i18n*/ { id: "admin.accessLog.event.BROWSE_PAGE", message: "浏览页面" },
  CATALOG_SEARCH: /*i18n*/ { id: "admin.accessLog.event.CATALOG_SEARCH", message: "目录检索" },
  CHAR_SEARCH: /*i18n*/ { id: "admin.accessLog.event.CHAR_SEARCH", message: "字图检索" },
  CHAR_TYPE_SEARCH: /*i18n*/ { id: "admin.accessLog.event.CHAR_TYPE_SEARCH", message: "字种检索" },
  PUB_NOTE_SEARCH: /*i18n*/ { id: "admin.accessLog.event.PUB_NOTE_SEARCH", message: "刊记检索" },
  PERSON_SEARCH: /*i18n*/ { id: "admin.accessLog.event.PERSON_SEARCH", message: "人物检索" },
  REGESTER: /*i18n*/ { id: "admin.accessLog.event.REGESTER", message: "注册" },
  LOGIN: /*i18n*/ { id: "admin.accessLog.event.LOGIN", message: "登录" },
  READ_PAGE: /*i18n*/ { id: "admin.accessLog.event.READ_PAGE", message: "按页阅读" },
  READ_REEL: /*i18n*/ { id: "admin.accessLog.event.READ_REEL", message: "按卷阅读" },
  LEAVE: /*i18n*/ { id: "admin.accessLog.event.LEAVE", message: "离开" },
} satisfies Record<TrackingEvent, MessageDescriptor>;
