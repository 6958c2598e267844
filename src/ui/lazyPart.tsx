/**
 * Parts of a screen that are not needed for its first paint (drawers, dialogs, menus opened on
 * demand) load as their own chunks the first time they are wanted, and stay mounted afterwards so
 * their closing animation and state survive.
 */
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from "react";

type PropsOf<Component> = Component extends ComponentType<infer Props> ? Props : never;

export function lazyPart<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<PropsOf<Module[Name]>> }));
}

/** True from the first render where `wanted` is true onwards. */
export function useWantedOnce(wanted: boolean): boolean {
  const [seen, setSeen] = useState(wanted);
  if (wanted && !seen) setSeen(true);
  return seen || wanted;
}

export function WhenWanted(props: { wanted: boolean; children: ReactNode }) {
  const seen = useWantedOnce(props.wanted);
  return seen ? <Suspense fallback={null}>{props.children}</Suspense> : null;
}
