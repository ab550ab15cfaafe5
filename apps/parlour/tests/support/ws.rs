//! Websocket helpers shared by the tests that drive a real `parlour serve`.

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use parlour_protocol::{ClientMsg, CreatedTable, ServerMsg};
use tokio_tungstenite::tungstenite::Message;

pub type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub async fn join(addr: SocketAddr, t: &CreatedTable) -> Ws {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .unwrap();
    let join = ClientMsg::Join {
        table: t.table.clone(),
        token: t.seats[0].token.clone(),
    };
    ws.send(Message::text(join.encode())).await.unwrap();
    ws
}

pub async fn recv(ws: &mut Ws) -> ServerMsg {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(60), ws.next())
            .await
            .expect("a message in time")
            .expect("open")
            .unwrap();
        if let Message::Text(t) = m {
            return ServerMsg::decode(&t).unwrap();
        }
    }
}
