import { useClient } from '@/lib/client-context';
import { HomeBlockView } from './home-blocks';
import './home.css';

/** The home page: the client's home blocks, in the order its record lists them. */
export default function HomePage() {
  const client = useClient();
  return (
    <div className="home">
      {client.home.map((block, index) => (
        // The list is the record's, fixed for the visit, so its positions are stable keys.
        <HomeBlockView key={index} block={block} client={client} />
      ))}
    </div>
  );
}
