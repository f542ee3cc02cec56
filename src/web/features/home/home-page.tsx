import { useClient } from '@/lib/client-context';
import { withQueryClient } from '@/lib/query-provider';
import { useSiteText } from '@/lib/site-text-query';
import { HomeBlockView } from './home-blocks';
import './home.css';

/** The home page: the client's home blocks, in the order its record lists them. */
function HomeScreen() {
  const client = useClient();
  const siteText = useSiteText();
  return (
    <div className="home">
      {siteText.home.map((block, index) => (
        // The list is the record's, fixed for the visit, so its positions are stable keys.
        <HomeBlockView key={index} block={block} client={client} siteText={siteText} />
      ))}
    </div>
  );
}

export default withQueryClient(HomeScreen);
