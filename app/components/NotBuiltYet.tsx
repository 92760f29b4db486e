/** Marks a screen that a later capability delivers; it says so plainly instead of pretending. */
export function NotBuiltYet({ title, what }: { title: string; what: string }) {
  return (
    <section className="card empty-state" data-testid="not-built">
      <h1>{title}</h1>
      <p>{what}</p>
      <p className="muted">This part of Pagewright is not built yet.</p>
    </section>
  )
}
