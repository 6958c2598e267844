/** The profile's edit modals by edit-user type (spec section 3); Google is shown, never edited. */
import { AvatarDialog } from "./AvatarDialog.tsx";
import { ContactDialog } from "./ContactDialog.tsx";
import type { EditDialogProps } from "./EditDialog.tsx";
import { NicknameDialog } from "./NicknameDialog.tsx";
import { PasswordDialog } from "./PasswordDialog.tsx";
import { WechatDialog } from "./WechatDialog.tsx";

export const EDIT_USER_TYPES = {
  password: 1,
  nickname: 2,
  avatar: 3,
  phone: 4,
  email: 5,
  wechat: 6,
  google: 7,
} as const;

export type EditKind = Exclude<keyof typeof EDIT_USER_TYPES, "google">;

export function ProfileDialog(props: EditDialogProps & { kind: EditKind }) {
  const { kind, ...dialog } = props;
  switch (kind) {
    case "avatar":
      return <AvatarDialog {...dialog} />;
    case "nickname":
      return <NicknameDialog {...dialog} />;
    case "password":
      return <PasswordDialog {...dialog} />;
    case "phone":
    case "email":
      return <ContactDialog key={kind} {...dialog} method={kind} />;
    case "wechat":
      return <WechatDialog {...dialog} />;
  }
}
