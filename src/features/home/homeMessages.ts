/** Text of the home screen and its footer (simplified Chinese source). */
import type { MessageDescriptor } from "@lingui/core";

export const homeText = {
  headline: /*i18n*/ { id: "home.headline", message: "{edition}数字阅读" },
  tagline: /*i18n*/ { id: "home.tagline", message: "按卷或按页阅读、检索与研究汉文大藏经" },
  searchPlaceholder: /*i18n*/ { id: "home.searchPlaceholder", message: "检索{edition}全文" },
  search: /*i18n*/ { id: "home.search", message: "检索" },
  summaryTitle: /*i18n*/ { id: "home.summaryTitle", message: "版本简介" },
  summaryMore: /*i18n*/ { id: "home.summaryMore", message: "阅读{edition}简介" },
  summaryText: /*i18n*/ {
    id: "home.summaryText",
    message:
      "《{edition}》（{code}）本站收录 {count} 部经，可按卷阅读经文，并比对原始、通用、繁体、简体四种文本。",
  },
  summarySource: /*i18n*/ {
    id: "home.summarySource",
    message: "经文据中华电子佛典协会（CBETA）{collection} 整理，仅供非商业使用。",
  },
  commonTitle: /*i18n*/ { id: "home.commonTitle", message: "常用经典" },
  commonMore: /*i18n*/ { id: "home.commonMore", message: "查看更多" },
  commonNone: /*i18n*/ { id: "home.commonNone", message: "此版本暂无常用经典" },
  reels: /*i18n*/ { id: "home.reels", message: "{count} 卷" },
  topicsTitle: /*i18n*/ { id: "home.topicsTitle", message: "专题" },
  topicCharImage: /*i18n*/ { id: "home.topic.charImage", message: "字图检索" },
  topicCharImageText: /*i18n*/ { id: "home.topic.charImageText", message: "按字检索藏经页面上的字形图像。" },
  topicCharType: /*i18n*/ { id: "home.topic.charType", message: "字种统计" },
  topicCharTypeText: /*i18n*/ { id: "home.topic.charTypeText", message: "查看异体字、造字及其出现频次。" },
  topicColophon: /*i18n*/ { id: "home.topic.colophon", message: "刊记检索" },
  topicColophonText: /*i18n*/ {
    id: "home.topic.colophonText",
    message: "检索经卷刊记中的年代、地点与捐刻者。",
  },
  topicPeople: /*i18n*/ { id: "home.topic.people", message: "人物" },
  topicPeopleText: /*i18n*/ {
    id: "home.topic.peopleText",
    message: "查看高僧传记中的人物、地点、时间与师承关系图。",
  },
  topicsPrev: /*i18n*/ { id: "home.topicsPrev", message: "上一项" },
  topicsNext: /*i18n*/ { id: "home.topicsNext", message: "下一项" },
  browseTitle: /*i18n*/ { id: "home.browseTitle", message: "浏览经目" },
  recentTitle: /*i18n*/ { id: "home.recentTitle", message: "最近阅读" },
  recentPrev: /*i18n*/ { id: "home.recentPrev", message: "上一页" },
  recentNext: /*i18n*/ { id: "home.recentNext", message: "下一页" },
  recentAt: /*i18n*/ { id: "home.recentAt", message: "阅读于 {time}" },
} satisfies Record<string, MessageDescriptor>;

export const footerText = {
  downloadTitle: /*i18n*/ { id: "footer.downloadTitle", message: "下载与离线" },
  downloadText: /*i18n*/ {
    id: "footer.downloadText",
    message: "可将本站安装到电脑或平板，下载经文后在无网络时阅读与检索。",
  },
  toolsTitle: /*i18n*/ { id: "footer.toolsTitle", message: "工具与辞典" },
  charDictionary: /*i18n*/ { id: "footer.charDictionary", message: "汉典（字词）" },
  variantDictionary: /*i18n*/ { id: "footer.variantDictionary", message: "异体字字典" },
  buddhistDictionary: /*i18n*/ { id: "footer.buddhistDictionary", message: "佛学辞典（法鼓文理学院）" },
  aboutTitle: /*i18n*/ { id: "footer.aboutTitle", message: "关于" },
  staff: /*i18n*/ { id: "footer.staff", message: "工作团队" },
  donors: /*i18n*/ { id: "footer.donors", message: "捐助名单" },
  terms: /*i18n*/ { id: "footer.terms", message: "用户协议" },
  privacy: /*i18n*/ { id: "footer.privacy", message: "隐私政策" },
  followQr: /*i18n*/ { id: "footer.followQr", message: "微信扫码关注本站公众号" },
  followQrAlt: /*i18n*/ { id: "footer.followQrAlt", message: "本站微信公众号二维码" },
  copyright: /*i18n*/ { id: "footer.copyright", message: "© {year} 藏经阅读" },
  licence: /*i18n*/ {
    id: "footer.licence",
    message: "CBETA 经文依其授权仅供非商业使用，引用时请注明出处（中华电子佛典协会）。",
  },
} satisfies Record<string, MessageDescriptor>;
