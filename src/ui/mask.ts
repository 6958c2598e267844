/** Contact details as the user menu shows them: enough to recognise, not enough to copy. */
export function maskPhone(phone: string): string {
  return phone.length === 11
    ? `${phone.slice(0, 3)}****${phone.slice(7)}`
    : phone.replace(/\d(?=\d{2})/g, "*");
}

export function maskEmail(email: string): string {
  const at = email.indexOf("@");
  if (at <= 0) return email;
  const name = email.slice(0, at);
  const shown = name.length <= 2 ? name.slice(0, 1) : name.slice(0, 2);
  return `${shown}***${email.slice(at)}`;
}

/** The phone when there is one, else the e-mail address, masked; null when neither is bound. */
export function maskedContact(contact: { phone: string | null; email: string | null }): string | null {
  if (contact.phone) return maskPhone(contact.phone);
  if (contact.email) return maskEmail(contact.email);
  return null;
}
