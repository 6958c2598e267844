/** Text of the reader's article screens: news list, article, introduction and help. */
import type { MessageDescriptor } from "@lingui/core";

export const articleText = {
  newsTitle: /*i18n*/ { id: "articles.newsTitle", message: "新闻资讯" },
  newsEmpty: /*i18n*/ { id: "articles.newsEmpty", message: "暂无资讯" },
  pinned: /*i18n*/ { id: "articles.pinned", message: "置顶" },
  publishedAt: /*i18n*/ { id: "articles.publishedAt", message: "发布于 {date}" },
  updatedAt: /*i18n*/ { id: "articles.updatedAt", message: "更新于 {date}" },
  cover: /*i18n*/ { id: "articles.cover", message: "{title} 封面" },
  backToList: /*i18n*/ { id: "articles.backToList", message: "返回资讯列表" },
  contents: /*i18n*/ { id: "articles.contents", message: "目录" },
  backToTop: /*i18n*/ { id: "articles.backToTop", message: "回到顶部" },
  notKept: /*i18n*/ {
    id: "articles.notKept",
    message: "这篇文章（{uid}）没有在本机打开过，也不在已下载的藏经里，现在也没有网络连接。",
  },
} satisfies Record<string, MessageDescriptor>;
