// What the typed-client test hands to seller-flow.ts and gets back: a file of its own, since the
// root project may import it (seller-flow.ts needs the generated api.gen.ts).
export interface SellerFlow {
  baseUrl: string;
  email: string;
  /** A PDF to upload. */
  file: { name: string; content: Blob };
  /** The admin's part: quote the prototype (the test does it through the procedures). */
  quote(prototypeId: number): Promise<void>;
}

export interface WalkedFlow {
  userId: string;
  prototype: { id: number; status: string };
  uploaded: { id: number; fileName: string; fileType: string; fileSize: number };
  downloaded: { contentType: string | null; size: number; head: string };
  quote: { amount: number | null; status: string };
  answered: { status: string; sellerResponse: 'accepted' | 'declined' | null; sellerResponseNote: string | null };
}
