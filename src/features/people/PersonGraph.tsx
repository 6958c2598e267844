/**
 * The teacher–student graph around a person (spec section 6, knowledge graph), drawn with
 * Cytoscape.js: the person in the centre, each step out a ring further, arrows from teacher to
 * student. The depth (1 to 3 steps) is chosen above it; tapping a person opens their page. The
 * persons are also listed as links below, for the keyboard and screen readers. This module and
 * Cytoscape load only with a person's page (a dynamic import), never with the app's first bundle.
 */
import { makeStyles, Radio, RadioGroup, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import cytoscape, { type ElementDefinition } from "cytoscape";
import { useEffect, useRef, useState } from "react";
import type { Script } from "../../../contract/names.ts";
import { GRAPH_DEPTH_MAX } from "../../../contract/person-rules.ts";
import type { PersonGraph as Graph } from "../../../contract/persons.ts";
import { fetchPersonGraph } from "../../api/persons.ts";
import { useScript } from "../../app/shell/script.tsx";
import { useServices } from "../../app/shell/services.ts";
import { tr } from "../../i18n/translate.ts";
import { RouterLink } from "../../ui/RouterLink.tsx";
import { LoadStatus } from "../../ui/Status.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { useLoad } from "../../ui/useLoad.ts";
import { personName } from "./personDisplay.ts";
import { peopleText as t } from "./text.ts";

const useStyles = makeStyles({
  canvas: {
    height: "480px",
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  people: {
    display: "flex",
    flexWrap: "wrap",
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
  },
});

const DEPTHS = Array.from({ length: GRAPH_DEPTH_MAX }, (_, i) => i + 1);

/** Colours of the app's theme, read from the element's Fluent variables (the canvas needs values). */
function themeColours(element: HTMLElement) {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    centre: read("--colorBrandBackground", "#987444"),
    node: read("--colorBrandBackground2", "#f3ede4"),
    border: read("--colorBrandStroke1", "#987444"),
    text: read("--colorNeutralForeground1", "#242424"),
    edge: read("--colorNeutralStroke1", "#8a8a8a"),
    onCentre: read("--colorNeutralForegroundOnBrand", "#ffffff"),
  };
}

function elementsOf(graph: Graph, script: Script): ElementDefinition[] {
  return [
    ...graph.nodes.map((node) => ({
      data: { id: node.id, label: personName(node, script), depth: node.depth },
      classes: node.id === graph.center ? "centre" : "",
    })),
    ...graph.edges.map((edge) => ({ data: { id: `${edge.source}>${edge.target}`, ...edge } })),
  ];
}

function useGraphDrawing(graph: Graph | undefined, script: Script) {
  const box = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const [drawn, setDrawn] = useState<string | null>(null);
  useEffect(() => {
    const container = box.current;
    if (!container || !graph) return;
    const colour = themeColours(container);
    const cy = cytoscape({
      container,
      elements: elementsOf(graph, script),
      boxSelectionEnabled: false,
      autoungrabify: true,
      style: [
        {
          selector: "node",
          style: {
            label: "data(label)",
            "background-color": colour.node,
            "border-color": colour.border,
            "border-width": 1,
            color: colour.text,
            "font-size": 14,
            "text-valign": "bottom",
            "text-margin-y": 4,
            width: 22,
            height: 22,
          },
        },
        {
          selector: "node.centre",
          style: { "background-color": colour.centre, width: 34, height: 34, "font-weight": "bold" },
        },
        {
          selector: "edge",
          style: {
            width: 1.5,
            "line-color": colour.edge,
            "target-arrow-color": colour.edge,
            "target-arrow-shape": "triangle",
            "curve-style": "bezier",
          },
        },
      ],
      layout: {
        name: "concentric",
        concentric: (node) => GRAPH_DEPTH_MAX + 1 - Number(node.data("depth")),
        levelWidth: () => 1,
        minNodeSpacing: 28,
        animate: false,
      },
    });
    cy.on("tap", "node", (event) => {
      const id = String(event.target.id());
      if (id !== graph.center) void navigate({ to: "/person/$personId", params: { personId: id } });
    });
    setDrawn(`${graph.center}|${graph.depth}`);
    return () => {
      cy.destroy();
      setDrawn(null);
    };
  }, [graph, script, navigate]);
  return { box, drawn };
}

export function PersonGraph(props: { personId: string; name: string }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const { script } = useScript();
  const [depth, setDepth] = useState(1);
  const load = useLoad(`${props.personId}|${depth}`, (signal) =>
    fetchPersonGraph(api, props.personId, depth, signal),
  );
  const shown = load.data ?? (load.latest?.center === props.personId ? load.latest : undefined);
  const { box, drawn } = useGraphDrawing(shown, script);

  return (
    <div
      className={stack.s}
      data-person-graph={props.personId}
      data-graph-depth={shown?.depth ?? ""}
      data-graph-nodes={shown?.nodes.length ?? ""}
      data-graph-drawn={drawn ?? ""}
    >
      <RadioGroup
        layout="horizontal"
        aria-label={i18n._(t.depth)}
        value={String(depth)}
        onChange={(_, data) => setDepth(Number(data.value))}
      >
        {DEPTHS.map((value) => (
          <Radio key={value} value={String(value)} label={tr(i18n, t.depthValue, { depth: value })} />
        ))}
      </RadioGroup>
      {!shown && <LoadStatus load={load} />}
      {shown && (
        <Text data-graph-size>
          {shown.edges.length === 0
            ? i18n._(t.graphAlone)
            : tr(i18n, t.graphSize, { nodes: shown.nodes.length, edges: shown.edges.length })}
          {shown.truncated && ` ${tr(i18n, t.graphTruncated, { nodes: shown.nodes.length })}`}
        </Text>
      )}
      <div
        ref={box}
        className={styles.canvas}
        role="img"
        aria-label={tr(i18n, t.graphLabel, { name: props.name })}
      />
      {shown && shown.nodes.length > 1 && (
        <details>
          <summary>{tr(i18n, t.graphPeople, { count: shown.nodes.length })}</summary>
          <div className={styles.people}>
            {shown.nodes.map((node) => (
              <RouterLink
                key={node.id}
                to="/person/$personId"
                params={{ personId: node.id }}
                data-graph-node={node.id}
              >
                {personName(node, script)}
              </RouterLink>
            ))}
          </div>
        </details>
      )}
    </div>
  );
}
