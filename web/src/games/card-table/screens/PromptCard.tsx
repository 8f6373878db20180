import { promptSegments } from "../prompt-text";
import type { Card } from "../wire";

interface Props {
  prompt: Card;
  /** Answers to fill in, in order (a preview, an anonymous entry, the winner). */
  answers?: Card[];
  /** Show the "Pick 2" badge. */
  showPick?: boolean;
  size?: "lg" | "md" | "sm";
  testId?: string;
}

/** The black card: its text with blanks, or with answers filled into them. */
export function PromptCard({ prompt, answers = [], showPick = false, size = "lg", testId }: Props) {
  const pick = prompt.properties.pick ?? 1;
  return (
    <figure className={`ct-prompt ct-prompt--${size}`} data-testid={testId} data-pick={pick}>
      <blockquote className="ct-prompt__text">
        {promptSegments(prompt, answers).map((seg, i) => {
          const key = `${i}-${seg.kind}`;
          if (seg.kind === "blank")
            return (
              <span key={key} className="ct-blank">
                <span className="visually-hidden">blank</span>
              </span>
            );
          if (seg.kind === "answer")
            return (
              <mark key={key} className="ct-fill">
                {seg.text}
              </mark>
            );
          return <span key={key}>{seg.text}</span>;
        })}
      </blockquote>
      {showPick && pick > 1 && (
        <figcaption className="ct-pick" data-testid="pick-count">
          Pick {pick}
        </figcaption>
      )}
    </figure>
  );
}

/** A filled-in prompt as a line of text (answers in bold), for lists of answers. */
export function FilledText({ prompt, answers }: { prompt: Card; answers: Card[] }) {
  return (
    <span className="ct-filled">
      {promptSegments(prompt, answers).map((seg, i) => {
        const key = `${i}-${seg.kind}`;
        if (seg.kind === "blank") return <span key={key}>____</span>;
        if (seg.kind === "answer") return <strong key={key}>{seg.text}</strong>;
        return <span key={key}>{seg.text}</span>;
      })}
    </span>
  );
}
