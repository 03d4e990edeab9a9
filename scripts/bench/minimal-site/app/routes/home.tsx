export default function Home() {
  return <h1>Render floor</h1>;
}
