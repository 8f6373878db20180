import { Layout } from "../kit/Layout";
import { Link } from "../kit/Link";
import { useTitle } from "../kit/useTitle";

export function NotFound() {
  useTitle("Not found");
  return (
    <Layout>
      <div className="card" data-testid="not-found">
        <h1>Nothing here</h1>
        <p className="muted" style={{ margin: "8px 0 16px" }}>
          That page does not exist. It may have been a mistyped link.
        </p>
        <Link href="/" className="btn btn--primary btn--md">
          Back to all games
        </Link>
      </div>
    </Layout>
  );
}
