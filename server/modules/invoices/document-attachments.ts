import type { MailAttachments } from '../mail/ports/mail-attachments';
import { findBillingDocument } from './billing-documents.repo';
import { documentFileName } from './document-file-name';

/** The mail module's port: a document's stored PDF, under the name the customer saves it as. */
export const documentAttachments: MailAttachments = {
  async documentPdf(db, documentId) {
    const document = await findBillingDocument(db, documentId);
    return document?.pdf ? { filename: documentFileName(document, 'pdf'), content: document.pdf } : null;
  },
};
