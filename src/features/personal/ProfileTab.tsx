/**
 * The personal centre's profile tab (spec section 2): the profile, loaded on entry, each field
 * with its edit modal. A saved edit stores the token it answered, reloads the profile, closes the
 * modal and says so.
 */
import { Avatar, Button, makeStyles, Spinner, Text, tokens } from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { type ReactNode, useState, useSyncExternalStore } from "react";
import type { Profile } from "../../../contract/accounts.ts";
import type { ApplicationStatus } from "../../../contract/application-rules.ts";
import { useServices } from "../../app/shell/services.ts";
import { common } from "../../i18n/messages.ts";
import { useApplicationStatus } from "../apply/useApplicationStatus.ts";
import { personalText as t } from "./messages.ts";
import { type EditKind, ProfileDialog } from "./ProfileDialog.tsx";
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
  value: { overflowWrap: "anywhere" },
  avatarButton: {
    border: "none",
    background: "none",
    padding: 0,
    cursor: "pointer",
    justifySelf: "start",
    borderRadius: tokens.borderRadiusCircular,
  },
});

function Row(props: { label: MessageDescriptor; value: ReactNode; action?: ReactNode; name: string }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  return (
    <>
      <Text className={styles.label}>{i18n._(props.label)}</Text>
      <Text className={styles.value} data-field={props.name}>
        {props.value}
      </Text>
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
  const unbound = i18n._(t.unbound);
  return (
    <div className={styles.list}>
      <Text className={styles.label}>{i18n._(t.avatar)}</Text>
      <button
        type="button"
        className={styles.avatarButton}
        onClick={() => onEdit("avatar")}
        title={i18n._(t.changeAvatar)}
        aria-label={i18n._(t.changeAvatar)}
      >
        {/* A missing or broken image shows the default avatar instead. */}
        <Avatar
          size={64}
          name={profile.nickname || profile.username}
          image={profile.avatar ? { src: profile.avatar } : undefined}
          data-field="avatar"
        />
      </button>
      <span>{edit("avatar")}</span>
      <Row name="username" label={t.username} value={profile.username} />
      <Row name="nickname" label={t.nickname} value={profile.nickname} action={edit("nickname")} />
      <Row name="password" label={t.password} value="******" action={edit("password")} />
      <Row name="phone" label={t.phone} value={profile.phone ?? unbound} action={edit("phone")} />
      <Row name="email" label={t.email} value={profile.email ?? unbound} action={edit("email")} />
      <Row
        name="wechat"
        label={t.wechat}
        value={profile.wechat ? i18n._(t.bound) : unbound}
        action={profile.wechat ? undefined : edit("wechat", t.bind)}
      />
      {profile.google && <Row name="google" label={t.google} value={i18n._(t.bound)} />}
      <ResearchRow />
    </div>
  );
}

const researchValue: Record<ApplicationStatus | "none", MessageDescriptor> = {
  none: t.researchNone,
  pending: t.researchPending,
  rejected: t.researchRejected,
  approved: t.researchApproved,
};

/** The researcher role: held, or the application's status with the way to it. */
function ResearchRow() {
  const { i18n } = useLingui();
  const { auth } = useServices();
  const navigate = useNavigate();
  const roles = useSyncExternalStore(auth.subscribe, () => {
    const state = auth.state();
    return state.signedIn ? state.roles.join(",") : "";
  });
  const reader = !roles.includes("researcher") && !roles.includes("admin");
  if (!reader) {
    const value = roles.includes("researcher") ? t.researchGranted : t.researchAdmin;
    return <Row name="research" label={t.research} value={i18n._(value)} />;
  }
  return <ApplicationRow go={(href) => void navigate({ href })} />;
}

function ApplicationRow(props: { go(href: string): void }) {
  const { i18n } = useLingui();
  const status = useApplicationStatus();
  if (status.loading) return <Row name="research" label={t.research} value={<Spinner size="tiny" />} />;
  const latest = status.data?.latest_status ?? "none";
  const action =
    latest === "none" ? (
      <Button size="small" onClick={() => props.go("/apply")} data-edit="research">
        {i18n._(t.researchApply)}
      </Button>
    ) : (
      <Button size="small" onClick={() => props.go("/apply-result")} data-edit="research">
        {i18n._(t.researchView)}
      </Button>
    );
  return <Row name="research" label={t.research} value={i18n._(researchValue[latest])} action={action} />;
}

export function ProfileTab() {
  const { i18n } = useLingui();
  const { auth, events } = useServices();
  const { profile, failed, reload } = useProfile();
  const [editing, setEditing] = useState<EditKind | null>(null);

  if (!profile) {
    if (!failed) return <Spinner />;
    return (
      <div>
        <Text>{i18n._(t.loadFailed)}</Text> <Button onClick={reload}>{i18n._(common.retry)}</Button>
      </div>
    );
  }
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
            reload();
            setEditing(null);
            events.emit("success", i18n._(t.saved));
          }}
        />
      )}
    </>
  );
}
