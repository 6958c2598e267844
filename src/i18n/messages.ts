/**
 * The app's interface text as Lingui message descriptors with explicit ids. Each descriptor is
 * marked `/*i18n*\/` so `lingui extract` collects it without a macro transform; components show
 * it with `i18n._(descriptor, values)`. The `message` is the simplified Chinese source text.
 */
import type { MessageDescriptor } from "@lingui/core";

export const common = {
  appTitle: /*i18n*/ { id: "app.title", message: "藏经阅读" },
  home: /*i18n*/ { id: "nav.home", message: "首页" },
  language: /*i18n*/ { id: "nav.language", message: "语言" },
  nightReading: /*i18n*/ { id: "nav.nightReading", message: "夜间阅读" },
  loading: /*i18n*/ { id: "common.loading", message: "载入中…" },
  error: /*i18n*/ { id: "common.error", message: "出错了" },
  retry: /*i18n*/ { id: "common.retry", message: "重试" },
  ok: /*i18n*/ { id: "common.ok", message: "确定" },
  close: /*i18n*/ { id: "common.close", message: "关闭" },
  login: /*i18n*/ { id: "common.loginNow", message: "立即登录" },
  backHome: /*i18n*/ { id: "common.backHome", message: "返回首页" },
} satisfies Record<string, MessageDescriptor>;

export const languageNames = {
  "zh-CN": /*i18n*/ { id: "lang.zh-CN", message: "简体中文" },
  "zh-TW": /*i18n*/ { id: "lang.zh-TW", message: "繁體中文" },
  en: /*i18n*/ { id: "lang.en", message: "English" },
} satisfies Record<string, MessageDescriptor>;

export const catalogue = {
  tripitakas: /*i18n*/ { id: "catalogue.tripitakas", message: "藏经" },
  sutras: /*i18n*/ { id: "catalogue.sutras", message: "经目" },
  sutraCount: /*i18n*/ { id: "catalogue.sutraCount", message: "{count} 部" },
  keyword: /*i18n*/ { id: "catalogue.keyword", message: "经名、经号或译者" },
  search: /*i18n*/ { id: "catalogue.search", message: "搜索" },
  clear: /*i18n*/ { id: "catalogue.clear", message: "清除" },
  sutraUid: /*i18n*/ { id: "catalogue.sutraUid", message: "经号" },
  sutraName: /*i18n*/ { id: "catalogue.sutraName", message: "经名" },
  dynastyAuthor: /*i18n*/ { id: "catalogue.dynastyAuthor", message: "译著者" },
  reelCount: /*i18n*/ { id: "catalogue.reelCount", message: "卷数" },
  charCount: /*i18n*/ { id: "catalogue.charCount", message: "字数" },
  noSutras: /*i18n*/ { id: "catalogue.noSutras", message: "没有符合的经" },
  noTripitakas: /*i18n*/ { id: "catalogue.noTripitakas", message: "尚未导入任何经文" },
} satisfies Record<string, MessageDescriptor>;

export const reel = {
  prevReel: /*i18n*/ { id: "reel.prevReel", message: "上一卷" },
  nextReel: /*i18n*/ { id: "reel.nextReel", message: "下一卷" },
  backToSutras: /*i18n*/ { id: "reel.backToSutras", message: "返回经目" },
  traditional: /*i18n*/ { id: "reel.traditional", message: "繁" },
  simplified: /*i18n*/ { id: "reel.simplified", message: "简" },
  horizontal: /*i18n*/ { id: "reel.horizontal", message: "横排" },
  vertical: /*i18n*/ { id: "reel.vertical", message: "竖排" },
  chars: /*i18n*/ { id: "reel.chars", message: "{count} 字" },
  sourceLine: /*i18n*/ { id: "reel.sourceLine", message: "出处：{title}" },
  toolbar: /*i18n*/ { id: "reel.toolbar", message: "阅读工具" },
} satisfies Record<string, MessageDescriptor>;

export const pages = {
  notFoundTitle: /*i18n*/ { id: "page.notFound.title", message: "页面不存在" },
  notFoundText: /*i18n*/ { id: "page.notFound.text", message: "您访问的页面不存在或已被移除。" },
  unauthorizedTitle: /*i18n*/ { id: "page.unauthorized.title", message: "无权访问" },
  unauthorizedText: /*i18n*/ {
    id: "page.unauthorized.text",
    message: "请先登录，或您的账号没有访问此页的权限。",
  },
} satisfies Record<string, MessageDescriptor>;

export const apiMessages = {
  status: /*i18n*/ { id: "api.status", message: "请求出错：{status} {statusText}" },
  unexpected: /*i18n*/ { id: "api.unexpected", message: "服务器返回了无法识别的响应（{status}）" },
  uncaught: /*i18n*/ { id: "api.uncaught", message: "500 系统出错：{message}" },
  tooFrequent: /*i18n*/ { id: "api.tooFrequent", message: "操作过于频繁，请稍后再试" },
  rateLimitedTitle: /*i18n*/ { id: "api.rateLimited.title", message: "访问频率过高" },
  rateLimitedText: /*i18n*/ {
    id: "api.rateLimited.text",
    message:
      "您的访问频率过高，已触发保护机制。如需继续使用，请发送邮件联系我们，并注明您的用户名和使用目的。",
  },
  rateLimitedButton: /*i18n*/ { id: "api.rateLimited.button", message: "我知道了" },
} satisfies Record<string, MessageDescriptor>;
