import type { PanelCall } from '../panel-call';
import { GamePanelUnavailable } from '../types';
import type { GameFilesAdapter, GameServerRef } from './files-types';

// SFTP on a Pterodactyl node: the address is the server's `sftp_details` (client API), the user is
// `<panel username>.<identifier>`, and the password is the panel user's own. The application API's
// PATCH /users/{id} (UpdateUserRequest: StoreUserRequest's rules for an update) requires email,
// username, first_name and last_name beside the password: they are read first and sent back as
// they are, so only the password changes. The password is never logged nor kept here.

interface ServerAttributes {
  sftp_details?: { ip: string; port: number };
}
interface AppServerAttributes {
  user: number;
}
interface UserAttributes {
  id: number;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
}

export function createSftpAccess(deps: {
  client: PanelCall;
  application: PanelCall;
  on: (server: GameServerRef, path: string) => string;
}): Pick<GameFilesAdapter, 'sftp' | 'setSftpPassword'> {
  const { client, application, on } = deps;

  async function ownerOf(server: GameServerRef): Promise<UserAttributes> {
    const found = await application<{ attributes: AppServerAttributes }>('GET', `/servers/${server.serverId}`, {
      missing: `server ${server.serverId}`,
    });
    const userId = found?.attributes?.user;
    if (typeof userId !== 'number') throw new GamePanelUnavailable(`GET /servers/${server.serverId}: no owner in the answer`);
    const user = await application<{ attributes: UserAttributes }>('GET', `/users/${userId}`, { missing: `user ${userId}` });
    if (!user?.attributes) throw new GamePanelUnavailable(`GET /users/${userId}: no user in the answer`);
    return user.attributes;
  }

  return {
    async sftp(server) {
      const [details, owner] = await Promise.all([
        client<{ attributes: ServerAttributes }>('GET', on(server, ''), { missing: `server ${server.identifier}` }),
        ownerOf(server),
      ]);
      const sftp = details?.attributes?.sftp_details;
      if (!sftp) throw new GamePanelUnavailable(`GET /servers/${server.identifier}: no sftp_details in the answer`);
      return { host: sftp.ip, port: sftp.port, username: `${owner.username}.${server.identifier}` };
    },

    async setSftpPassword(server, password) {
      const owner = await ownerOf(server);
      await application('PATCH', `/users/${owner.id}`, {
        missing: `user ${owner.id}`,
        body: {
          email: owner.email,
          username: owner.username,
          first_name: owner.first_name,
          last_name: owner.last_name,
          password,
        },
      });
    },
  };
}
