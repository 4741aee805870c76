import SaxonJS from 'saxon-js';

// XPath over a UBL document in tests, with the UBL prefixes bound: what a built document says.

const NAMESPACES = {
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
};

export interface XmlQuery {
  /** The string value of an XPath expression ('' when it selects nothing). */
  text(xpath: string): string;
  /** The string value of each node an XPath selects, in document order. */
  texts(xpath: string): string[];
  count(xpath: string): number;
}

export function xmlQuery(xml: string): XmlQuery {
  const doc = SaxonJS.XPath.evaluate('parse-xml($xml)', [], { params: { xml } });
  const evaluate = (xpath: string, resultForm?: 'array') =>
    SaxonJS.XPath.evaluate(xpath, doc, { namespaceContext: NAMESPACES, resultForm });
  return {
    text: (xpath) => String(evaluate(`string((${xpath})[1])`)),
    texts: (xpath) => (evaluate(`(${xpath}) ! string()`, 'array') as string[]).map(String),
    count: (xpath) => Number(evaluate(`count(${xpath})`)),
  };
}
