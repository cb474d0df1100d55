import { createServer, Packet } from 'dns2';

export interface TestDnsServer {
  /** `127.0.0.1:<port>`, for SSO_DNS_SERVERS. */
  address: string;
  /** Publishes TXT records at a name (replacing those there); none removes the name. */
  setTxt(name: string, ...values: string[]): void;
  stop(): Promise<void>;
}

/**
 * A real DNS server (dns2) on loopback UDP that answers TXT questions from what a test published;
 * any other name is NXDOMAIN, as an unconfigured zone would answer.
 */
export async function startDnsServer(): Promise<TestDnsServer> {
  const zone = new Map<string, string[]>();
  const server = createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const values = question ? zone.get(question.name.toLowerCase()) : undefined;
      if (!question || !values) response.header.rcode = Packet.RCODE.NXDOMAIN;
      else if (question.type === Packet.TYPE.TXT)
        for (const value of values)
          response.answers.push(
            // dns2 encodes plain records; its typings ask for the class instances it decodes into.
            {
              name: question.name,
              type: Packet.TYPE.TXT,
              class: Packet.CLASS.IN,
              ttl: 1,
              data: value,
            } as unknown as (typeof response.answers)[number],
          );
      void send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return {
    address: `127.0.0.1:${addresses.udp?.port}`,
    setTxt: (name, ...values) => (values.length ? zone.set(name.toLowerCase(), values) : zone.delete(name.toLowerCase())),
    stop: () => server.close(),
  };
}

/** Publishes each of a connection's domain claims in `dns` and verifies it through the API, as an owner would. */
export async function verifyConnectionDomains(
  http: { post(path: string): { set(headers: Record<string, string>): PromiseLike<{ status: number }> } },
  headers: Record<string, string>,
  dns: TestDnsServer,
  connection: { id: string; domain_verifications: Array<{ domain: string; record_value: string }> },
): Promise<void> {
  for (const claim of connection.domain_verifications) {
    dns.setTxt(`_tocsin-challenge.${claim.domain}`, claim.record_value);
    const response = await http.post(`/api/v1/sso/connections/${connection.id}/domains/${claim.domain}/verify`).set(headers);
    if (response.status !== 200) throw new Error(`verifying ${claim.domain} answered ${response.status}`);
  }
}
