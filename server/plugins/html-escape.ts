/** Text and attribute values put into the app's page. */
export const escapeText = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export const escapeAttribute = (value: string): string => escapeText(value).replace(/"/g, "&quot;");
