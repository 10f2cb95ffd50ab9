// Placeholder: replaced by the module that builds this screen.
export default function Placeholder() {
  return <main>Not built yet</main>;
}
