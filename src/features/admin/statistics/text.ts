/** Text of the statistics screen (simplified Chinese source). */
import type { MessageDescriptor } from "@lingui/core";
import type { OplogIndicator, OplogTimeType } from "../../../../contract/oplog-rules.ts";
import type { QuickRange } from "./quickRanges.ts";

export const statisticsText = {
  range: /*i18n*/ { id: "admin.statistics.range", message: "时间范围" },
  startDate: /*i18n*/ { id: "admin.statistics.startDate", message: "开始日期" },
  endDate: /*i18n*/ { id: "admin.statistics.endDate", message: "结束日期" },
  counters: /*i18n*/ { id: "admin.statistics.counters", message: "访问概况" },
  topKeywords: /*i18n*/ { id: "admin.statistics.topKeywords", message: "全文检索热词 Top 10" },
  noKeywords: /*i18n*/ { id: "admin.statistics.noKeywords", message: "所选范围内没有全文检索" },
  searchedTimes: /*i18n*/ { id: "admin.statistics.searchedTimes", message: "{count} 次" },
  trend: /*i18n*/ { id: "admin.statistics.trend", message: "访问趋势" },
  indicators: /*i18n*/ { id: "admin.statistics.indicators", message: "指标" },
  timeType: /*i18n*/ { id: "admin.statistics.timeType", message: "粒度" },
  keepOneIndicator: /*i18n*/ { id: "admin.statistics.keepOneIndicator", message: "至少保留一个指标" },
  noTrend: /*i18n*/ { id: "admin.statistics.noTrend", message: "所选范围内没有数据" },
  tenThousands: /*i18n*/ { id: "admin.statistics.tenThousands", message: "{count}万" },
} satisfies Record<string, MessageDescriptor>;

export const quickRangeText = {
  today: /*i18n*/ { id: "admin.statistics.quick.today", message: "今天" },
  yesterday: /*i18n*/ { id: "admin.statistics.quick.yesterday", message: "昨天" },
  last7: /*i18n*/ { id: "admin.statistics.quick.last7", message: "最近7天" },
  last30: /*i18n*/ { id: "admin.statistics.quick.last30", message: "最近30天" },
  year: /*i18n*/ { id: "admin.statistics.quick.year", message: "今年" },
} satisfies Record<QuickRange, MessageDescriptor>;

/** The five counters, which are also the trend's indicators (spec section 3). */
export const indicatorText = {
  count: /*i18n*/ { id: "admin.statistics.indicator.count", message: "总访问量" },
  anonymous: /*i18n*/ { id: "admin.statistics.indicator.anonymous", message: "匿名访客" },
  login: /*i18n*/ { id: "admin.statistics.indicator.login", message: "登录次数" },
  register: /*i18n*/ { id: "admin.statistics.indicator.register", message: "注册人数" },
  ip: /*i18n*/ { id: "admin.statistics.indicator.ip", message: "独立 IP" },
} satisfies Record<OplogIndicator, MessageDescriptor>;

export const timeTypeText = {
  hour: /*i18n*/ { id: "admin.statistics.timeType.hour", message: "按小时" },
  day: /*i18n*/ { id: "admin.statistics.timeType.day", message: "按天" },
  month: /*i18n*/ { id: "admin.statistics.timeType.month", message: "按月" },
} satisfies Record<OplogTimeType, MessageDescriptor>;
