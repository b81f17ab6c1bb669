import {
  branchingInWords,
  conditionGroupOf,
  displayLogicInWords,
  isAnswerable,
  pagesOf,
  pipingInWords,
  type Question,
  questionTypeLabels,
  ruleInShortWords,
  SKIP_TO_END,
} from '@tv/contract';

/** One item of the flow: its number in the list (as the builder and the rules name it) and its rules. */
export interface FlowNode {
  id: string;
  number: number;
  title: string;
  type: string;
  answerable: boolean;
  /** Who sees it, in few words ('Q1 is “Yes”'); null when everyone on the path does. */
  shownIf: string | null;
  /** Its skips in order: where each goes and when, in few words. */
  skips: { to: string; toLabel: string; when: string }[];
  /** When it screens the respondent out, in few words. */
  screensOutIf: string | null;
  /** Every rule of the item as full sentences, for the flow in words. */
  sentences: string[];
}

export interface FlowPage {
  id: string;
  /** 1-based; pages exist only when the survey has page breaks. */
  number: number;
  shuffled: boolean;
  nodes: FlowNode[];
}

/** A skip drawn as an arrow: from an item to a later one, or to the end. */
export interface FlowEdge {
  from: string;
  to: string;
  /** The arrow's lane beside the diagram, 0 nearest: arrows that overlap take different lanes. */
  lane: number;
}

export interface SurveyFlow {
  /** Whether the survey has page breaks; without them every item is a screen of its own. */
  paged: boolean;
  pages: FlowPage[];
  edges: FlowEdge[];
  lanes: number;
}

/**
 * The whole survey as a respondent moves through it (decision 047): pages, items, who sees each, where
 * skips lead and who is screened out, for the builder's flow view and its text alternative.
 */
export function surveyFlow(items: readonly Question[]): SurveyFlow {
  const position = new Map(items.map((q, index) => [q.id, index]));
  const node = (item: Question): FlowNode => {
    const index = position.get(item.id) ?? 0;
    const display = conditionGroupOf(item.displayLogic);
    return {
      id: item.id,
      number: index + 1,
      title: pipingInWords(item.title, items) || 'Untitled',
      type: questionTypeLabels[item.type] ?? item.type,
      answerable: isAnswerable(item),
      shownIf: display ? ruleInShortWords(display, items) : null,
      skips: (item.skipLogic ?? []).map((rule) => {
        const target = position.get(rule.to);
        return {
          to: rule.to,
          toLabel:
            rule.to === SKIP_TO_END ? 'the end' : target === undefined ? 'a deleted item' : `Q${target + 1}`,
          when: ruleInShortWords(rule.when, items),
        };
      }),
      screensOutIf: item.screenOut ? ruleInShortWords(item.screenOut, items) : null,
      sentences: [
        ...[displayLogicInWords(item.displayLogic, items) ?? 'Everyone who gets this far sees it.'],
        ...branchingInWords(item, items),
      ],
    };
  };
  const paged = items.some((q) => q.type === 'page_break');
  const pages = paged
    ? pagesOf(items).map((page, index) => ({
        id: page.id,
        number: index + 1,
        shuffled: page.shuffled,
        nodes: page.items.map(node),
      }))
    : [{ id: 'start', number: 1, shuffled: false, nodes: items.map(node) }];

  // Arrows for skips, each in the first lane free over its whole span.
  const order = new Map(pages.flatMap((page) => page.nodes).map((n, index) => [n.id, index]));
  const end = order.size;
  const spans = pages
    .flatMap((page) => page.nodes)
    .flatMap((n) =>
      n.skips
        .filter((skip) => skip.to === SKIP_TO_END || order.has(skip.to))
        .map((skip) => ({
          from: n.id,
          to: skip.to,
          start: order.get(n.id)!,
          stop: skip.to === SKIP_TO_END ? end : order.get(skip.to)!,
        })),
    )
    .filter((span) => span.stop > span.start)
    .sort((a, b) => a.stop - a.start - (b.stop - b.start) || a.start - b.start);
  const taken: [number, number][][] = [];
  const edges: FlowEdge[] = spans.map((span) => {
    let lane = 0;
    while (taken[lane]?.some(([s, e]) => span.start < e && s < span.stop)) lane++;
    const busy = taken[lane] ?? [];
    busy.push([span.start, span.stop]);
    taken[lane] = busy;
    return { from: span.from, to: span.to, lane };
  });
  return { paged, pages, edges, lanes: taken.length };
}
