import type { FieldProblem } from "./form";

/** The problems found with one field or group, shown right beside it (and read out when they appear). */
export function Problems({ list, id }: { list: FieldProblem[]; id: string }) {
  if (list.length === 0) return null;
  return (
    <div id={id} className="sd-problems" role="alert" data-testid="card-problem">
      {list.map((p) => (
        <p key={`${p.field}:${p.message}`} className="sd-problem">
          <span aria-hidden="true">⚠ </span>
          {p.message}
        </p>
      ))}
    </div>
  );
}
