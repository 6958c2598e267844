/** The personal centre's profile tab (spec section 2): each field with its edit modal. */
import { Avatar, Button, makeStyles, Spinner, Text, tokens } from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { type ReactNode, useState } from "react";
import type { Profile } from "../../../contract/accounts.ts";
import { useServices } from "../../app/shell/services.ts";
import { personalText as t } from "./messages.ts";
import { type EditKind, ProfileDialog } from "./ProfileDialogs.tsx";
import { useProfile } from "./useProfile.ts";

const useStyles = makeStyles({
  list: {
    display: "grid",
    gridTemplateColumns: "120px 1fr auto",
    alignItems: "center",
    rowGap: tokens.spacingVerticalL,
    columnGap: tokens.spacingHorizontalL,
    maxWidth: "640px",
  },
  label: { color: tokens.colorNeutralForeground3 },
  avatarButton: { border: "none", background: "none", padding: 0, cursor: "pointer", justifySelf: "start" },
});

function Row(props: { label: MessageDescriptor; value: ReactNode; action?: ReactNode; name: string }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  return (
    <>
      <Text className={styles.label}>{i18n._(props.label)}</Text>
      <Text data-field={props.name}>{props.value}</Text>
      <span>{props.action}</span>
    </>
  );
}

function ProfileRows(props: { profile: Profile; onEdit(kind: EditKind): void }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { profile, onEdit } = props;
  const edit = (kind: EditKind, label: MessageDescriptor = t.edit) => (
    <Button size="small" onClick={() => onEdit(kind)} data-edit={kind}>
      {i18n._(label)}
    </Button>
  );
  return (
    <div className={styles.list}>
      <Text className={styles.label}>{i18n._(t.avatar)}</Text>
      <button
        type="button"
        className={styles.avatarButton}
        onClick={() => onEdit("avatar")}
        title={i18n._(t.changeAvatar)}
      >
        <Avatar
          size={64}
          name={profile.nickname}
          image={profile.avatar ? { src: profile.avatar } : undefined}
          data-field="avatar"
        />
      </button>
      <span>{edit("avatar")}</span>
      <Row name="username" label={t.username} value={profile.username} />
      <Row name="nickname" label={t.nickname} value={profile.nickname} action={edit("nickname")} />
      <Row name="password" label={t.password} value="******" action={edit("password")} />
      <Row name="phone" label={t.phone} value={profile.phone ?? i18n._(t.unbound)} action={edit("phone")} />
      <Row name="email" label={t.email} value={profile.email ?? i18n._(t.unbound)} action={edit("email")} />
      <Row
        name="wechat"
        label={t.wechat}
        value={i18n._(profile.wechat ? t.bound : t.unbound)}
        action={profile.wechat ? undefined : edit("wechat", t.bind)}
      />
      {profile.google && <Row name="google" label={t.google} value={i18n._(t.bound)} />}
    </div>
  );
}

export function ProfileTab() {
  const { i18n } = useLingui();
  const { auth, events } = useServices();
  const { profile, failed } = useProfile();
  const [editing, setEditing] = useState<EditKind | null>(null);

  if (!profile) return failed ? <Text>{i18n._(t.loadFailed)}</Text> : <Spinner />;
  return (
    <>
      <ProfileRows profile={profile} onEdit={setEditing} />
      {editing && (
        <ProfileDialog
          kind={editing}
          profile={profile}
          onClose={() => setEditing(null)}
          onDone={(token) => {
            auth.set(token);
            setEditing(null);
            events.emit("success", i18n._(t.saved));
          }}
        />
      )}
    </>
  );
}
