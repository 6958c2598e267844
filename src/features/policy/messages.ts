/** The user agreement and the privacy policy (spec section 1), in simplified Chinese source. */
import type { MessageDescriptor } from "@lingui/core";

export type PolicySection = { heading: MessageDescriptor; body: MessageDescriptor };
export type PolicyDocument = {
  title: MessageDescriptor;
  intro: MessageDescriptor;
  sections: PolicySection[];
};

export const termsDocument: PolicyDocument = {
  title: /*i18n*/ { id: "terms.title", message: "用户协议" },
  intro: /*i18n*/ {
    id: "terms.intro",
    message: "欢迎使用本藏经阅读与研究网站。注册、登录或使用本网站，即表示您已阅读并同意本协议。",
  },
  sections: [
    {
      heading: /*i18n*/ { id: "terms.use.heading", message: "一、使用范围" },
      body: /*i18n*/ {
        id: "terms.use.body",
        message:
          "本网站的经文、图像与资料仅供个人学习、研究等非商业用途。未经许可，不得将其用于任何商业目的，也不得转售或以收费方式向他人提供。",
      },
    },
    {
      heading: /*i18n*/ { id: "terms.scraping.heading", message: "二、禁止抓取与自动访问" },
      body: /*i18n*/ {
        id: "terms.scraping.body",
        message:
          "禁止使用爬虫、机器人或其他自动化程序批量抓取、下载或访问本网站内容，也不得干扰本网站的正常运行。访问频率异常时，网站会启动保护机制并限制访问。",
      },
    },
    {
      heading: /*i18n*/ { id: "terms.sources.heading", message: "三、经文来源" },
      body: /*i18n*/ {
        id: "terms.sources.body",
        message:
          "部分经文来自中华电子佛典协会（CBETA），仅限非商业使用，并须注明出处；阅读页面会显示每部经的来源。引用时请一并注明。",
      },
    },
    {
      heading: /*i18n*/ { id: "terms.accuracy.heading", message: "四、准确性" },
      body: /*i18n*/ {
        id: "terms.accuracy.body",
        message:
          "我们尽力校对经文与资料，但不保证其完全准确。由人工智能生成或识别的文字与图像可能存在错误，本网站不对其准确性作任何保证，请以原始文献为准。",
      },
    },
    {
      heading: /*i18n*/ { id: "terms.account.heading", message: "五、账号" },
      body: /*i18n*/ {
        id: "terms.account.body",
        message:
          "请妥善保管您的账号与密码，并对账号下的行为负责。如发现账号被他人使用，请及时修改密码并与我们联系。",
      },
    },
    {
      heading: /*i18n*/ { id: "terms.changes.heading", message: "六、协议变更" },
      body: /*i18n*/ {
        id: "terms.changes.body",
        message: "本协议可能随服务调整而更新，更新后将在本页面公布。继续使用本网站即表示您接受更新后的协议。",
      },
    },
  ],
};

export const privacyDocument: PolicyDocument = {
  title: /*i18n*/ { id: "privacy.title", message: "隐私政策" },
  intro: /*i18n*/ {
    id: "privacy.intro",
    message: "我们重视您的个人信息。本政策说明我们收集哪些信息、如何使用与保存，以及您如何管理这些信息。",
  },
  sections: [
    {
      heading: /*i18n*/ { id: "privacy.collect.heading", message: "一、我们收集的信息" },
      body: /*i18n*/ {
        id: "privacy.collect.body",
        message:
          "注册与登录时，您可以使用手机号、电子邮箱或社交账号（微信、Google）。我们保存您的用户名、昵称、头像、手机号或邮箱，以及为改进服务而记录的访问日志（访问的页面、时间、IP 地址与浏览器信息）。",
      },
    },
    {
      heading: /*i18n*/ { id: "privacy.use.heading", message: "二、信息的使用" },
      body: /*i18n*/ {
        id: "privacy.use.body",
        message:
          "这些信息用于提供登录、阅读记录、分组、意见反馈与研究功能，发送验证码，以及统计与改进服务。我们不会出售您的个人信息。",
      },
    },
    {
      heading: /*i18n*/ { id: "privacy.storage.heading", message: "三、信息的存储" },
      body: /*i18n*/ {
        id: "privacy.storage.body",
        message: "您的个人信息存储于中国大陆境内的服务器，并采取合理的安全措施加以保护。",
      },
    },
    {
      heading: /*i18n*/ { id: "privacy.minors.heading", message: "四、未成年人" },
      body: /*i18n*/ {
        id: "privacy.minors.body",
        message: "未满 18 周岁的未成年人应在监护人的陪同和指导下阅读本政策并使用本网站。",
      },
    },
    {
      heading: /*i18n*/ { id: "privacy.rights.heading", message: "五、您的权利" },
      body: /*i18n*/ {
        id: "privacy.rights.body",
        message:
          "您可以在个人中心查看和修改昵称、头像、密码及绑定的手机号或邮箱。如需注销账号，请通过电子邮件联系我们，我们核实身份后将删除您的账号与个人信息。",
      },
    },
    {
      heading: /*i18n*/ { id: "privacy.changes.heading", message: "六、政策更新" },
      body: /*i18n*/ {
        id: "privacy.changes.body",
        message: "本政策更新时，我们会在本页面公布新的版本。",
      },
    },
  ],
};
