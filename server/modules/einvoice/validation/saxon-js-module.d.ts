// saxon-js 2.7 ships no types: only what the e-invoice validator and its tests use.
declare module 'saxon-js' {
  interface TransformOptions {
    /** A compiled stylesheet (SEF) already parsed from its JSON. */
    stylesheetInternal?: unknown;
    stylesheetFileName?: string;
    sourceText?: string;
    destination?: 'serialized' | 'document' | 'raw';
  }
  interface TransformResult {
    principalResult: unknown;
  }
  interface XPathOptions {
    namespaceContext?: Record<string, string>;
    params?: Record<string, unknown>;
    resultForm?: 'default' | 'array';
  }
  interface SaxonJSStatic {
    XPath: { evaluate(xpath: string, context: unknown, options?: XPathOptions): unknown };
    transform(options: TransformOptions, execution: 'sync'): TransformResult;
    transform(options: TransformOptions, execution: 'async'): Promise<TransformResult>;
    getProcessorInfo(): { productVersion: string };
  }
  const SaxonJS: SaxonJSStatic;
  export default SaxonJS;
}
