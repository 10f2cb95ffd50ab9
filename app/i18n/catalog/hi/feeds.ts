import { byKind } from "../en/kinds.ts";
import { kinds } from "./kinds.ts";
import type { feeds as en } from "../en/feeds.ts";

export const feeds: typeof en = {
  kinds: byKind(kinds, "feed"),
  title: "{title}: {site}",
  newest: "{site} पर {what} की ताज़ा जानकारी।",
  organization: "{site} पर {name} की ताज़ा नौकरियां, रिजल्ट और एडमिट कार्ड।",
};
