/**
 * The frame the page reader draws round what it marks (a char box over the scan, the current
 * page's thumbnail): 2 px, solid, in the colour of what it marks.
 */
import { shorthands } from "@fluentui/react-components";

export const markFrame = { ...shorthands.borderWidth("2px"), ...shorthands.borderStyle("solid") };
