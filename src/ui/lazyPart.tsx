/**
 * Parts of a screen that are not needed for its first paint (drawers, dialogs, menus opened on
 * demand) load as their own chunks the first time they are wanted, and stay mounted afterwards so
 * their closing animation and state survive. A part whose chunk cannot be fetched (offline before
 * it was ever loaded) shows nothing, and is fetched again once the browser is back online.
 */
import { Button } from "@fluentui/react-components";
import {
  Component,
  type ComponentType,
  createElement,
  lazy,
  type ReactElement,
  type ReactNode,
  Suspense,
  useState,
} from "react";
import { withLaterMessages } from "../i18n/activate.ts";
import type { DataAttributes } from "./dataAttributes.ts";

type PropsOf<Component> = Component extends ComponentType<infer Props> ? Props & object : never;

/** The errors browsers throw when a dynamic import cannot fetch its module. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|module script failed|Unable to preload|error loading dynamically/i.test(
    error.message,
  );
}

type BoundaryProps = { render: () => ReactNode; onChunkError: () => void };

class ChunkBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (isChunkLoadError(error)) this.props.onChunkError();
  }

  override componentDidMount() {
    window.addEventListener("online", this.retry);
  }

  override componentWillUnmount() {
    window.removeEventListener("online", this.retry);
  }

  retry = () => {
    if (this.state.error !== null) this.setState({ error: null });
  };

  override render() {
    if (this.state.error === null) return this.props.render();
    // Only a chunk that failed to load is this boundary's business; anything else goes up.
    if (!isChunkLoadError(this.state.error)) throw this.state.error;
    return <span hidden data-part-unavailable />;
  }
}

export type LazyPartOptions = {
  /**
   * "later" for a part whose texts are in the catalogue that loads after the first paint (its
   * module is in one of LATER_CATALOGUE_FOLDERS, src/i18n/catalogueGroups.ts): it waits for them.
   */
  texts?: "later";
};

export function lazyPart<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
  options: LazyPartOptions = {},
) {
  type Props = PropsOf<Module[Name]>;
  const loadModule = options.texts === "later" ? () => withLaterMessages(load) : load;
  const loader = async () => {
    // The import sets up a request for each file of the chunk's not yet asked for: in a task of its
    // own, not in the render that first wants the part.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { default: (await loadModule())[name] as ComponentType<Props> };
  };
  // React keeps a lazy component's failed promise for good: a retry needs a new one.
  let Part = lazy(loader);
  const reload = () => {
    Part = lazy(loader);
  };
  function LazyPart(props: Props) {
    return (
      <ChunkBoundary
        onChunkError={reload}
        render={() => createElement(Part as ComponentType<Props>, props)}
      />
    );
  }
  return LazyPart;
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

/**
 * A settings button whose popover (a lazy part) is not needed for the first paint: the popover
 * loads when the button is first pressed, and opens at once with the same button as its trigger.
 */
export function SettingsButton(props: {
  text: string;
  /** Data attributes that name the button for tests and styles. */
  data: DataAttributes;
  /** The popover, given the button that is its trigger. */
  popover(button: ReactElement): ReactNode;
}) {
  const [wanted, setWanted] = useState(false);
  const button = (
    <Button {...props.data} onClick={() => setWanted(true)}>
      {props.text}
    </Button>
  );
  if (!wanted) return button;
  return <Suspense fallback={button}>{props.popover(button)}</Suspense>;
}
