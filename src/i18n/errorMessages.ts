/**
 * Texts of the body codes (spec section 8) under the `errorCodes.{code}` ids. Codes below 1000 are
 * toasted by the API client's subscriber; codes of 1000 and above are shown by the calling screen.
 */
import type { I18n, MessageDescriptor } from "@lingui/core";

export const errorCodeMessages: Partial<Record<number, MessageDescriptor>> = {
  405: /*i18n*/ { id: "errorCodes.405", message: "不允许的请求方法" },
  413: /*i18n*/ { id: "errorCodes.413", message: "提交的内容过大" },
  414: /*i18n*/ { id: "errorCodes.414", message: "请求的地址过长" },
  415: /*i18n*/ { id: "errorCodes.415", message: "不支持提交的内容类型" },
  505: /*i18n*/ { id: "errorCodes.505", message: "图形验证码错误" },
  506: /*i18n*/ { id: "errorCodes.506", message: "图形验证码已失效" },
  508: /*i18n*/ { id: "errorCodes.508", message: "发送验证码时出现异常" },
  511: /*i18n*/ { id: "errorCodes.511", message: "用户名或密码错误" },
  606: /*i18n*/ { id: "errorCodes.606", message: "用户不存在" },
  1000: /*i18n*/ { id: "errorCodes.1000", message: "系统异常" },
  1001: /*i18n*/ { id: "errorCodes.1001", message: "系统错误" },
  1003: /*i18n*/ { id: "errorCodes.1003", message: "用户名已存在" },
  1004: /*i18n*/ { id: "errorCodes.1004", message: "该邮箱或手机号已注册" },
  1005: /*i18n*/ { id: "errorCodes.1005", message: "验证码错误" },
  1006: /*i18n*/ { id: "errorCodes.1006", message: "原密码错误" },
  1008: /*i18n*/ { id: "errorCodes.1008", message: "验证码已过期" },
  1009: /*i18n*/ { id: "errorCodes.1009", message: "邮箱错误" },
  1010: /*i18n*/ { id: "errorCodes.1010", message: "手机号错误" },
  1012: /*i18n*/ { id: "errorCodes.1012", message: "该邮箱未绑定此账号" },
  1013: /*i18n*/ { id: "errorCodes.1013", message: "该手机号未绑定此账号" },
  1015: /*i18n*/ { id: "errorCodes.1015", message: "该微信已绑定其他账号" },
  1016: /*i18n*/ { id: "errorCodes.1016", message: "此账号已绑定微信" },
  1505: /*i18n*/ { id: "errorCodes.1505", message: "请准确输入图形验证码" },
  1506: /*i18n*/ { id: "errorCodes.1506", message: "图形验证码已过期" },
};

/** The translated text of a body code, else the server's own `msg`. */
export function errorCodeText(i18n: I18n, code: number, serverMsg: string): string {
  const descriptor = errorCodeMessages[code];
  return descriptor ? i18n._(descriptor) : serverMsg;
}
