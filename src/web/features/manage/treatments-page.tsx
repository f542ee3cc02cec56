export default function TreatmentsPage() {
  return null;
}
