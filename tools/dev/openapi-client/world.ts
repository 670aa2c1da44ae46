/** A party of the seeded marketplace, with a token of the demo application. */
export interface Party {
  id: number;
  token: string;
}

/** What `callEveryOperation` needs of a seeded marketplace: whom to call as, and which resources to call for. */
export interface World {
  baseUrl: string;
  /** The largest demo seller, with orders, shipments, blocks and a team. */
  seller: Party;
  /** Another demo seller (Brazil): its promotion packs. */
  otherSeller: Party;
  buyer: Party;
  /** A buyer whose grant of the demo application is revoked, last. */
  revoking: Party;
  /** The demo application and its owner. */
  applicationId: number;
  owner: Party;
  /** An order of `seller` with a shipment, and that shipment. */
  orderId: number;
  shipmentId: number;
  /** A shipment whose label is not printed yet, of a paid order, and its seller. */
  readyShipment: { id: number; seller: Party };
  /** Four items of `seller` with stock, for orders of the client's own. */
  itemIds: string[];
  /** A state of the first country that has cities with neighborhoods (Capital Federal). */
  stateId: string;
  /** An item with reviews. */
  reviewedItemId: string;
  /** The authorization server's sign-in request. */
  authorization: { redirectUri: string; codeChallenge: string };
}

/** One call the generated client made: the operation, as `METHOD /template`, and the status it answered. */
export interface Called {
  operation: string;
  status: number;
}
