//! A real `parlour serve` process and websocket helpers, shared by the tests that drive one.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use parlour_protocol::{ClientMsg, CreatedTable, RejectCode, ServerMsg, Status};
use tokio_tungstenite::tungstenite::Message;

/// A running `parlour serve`, killed when dropped.
pub struct Served {
    pub child: Child,
    pub addr: SocketAddr,
    _stdout: BufReader<ChildStdout>,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `parlour serve` on a free loopback port with the database `db` (a URL).
pub fn start(db: &str) -> Served {
    start_with(db, &[])
}

/// [`start`] with more command-line flags.
pub fn start_with(db: &str, flags: &[&str]) -> Served {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db", db])
        .args(flags)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let addr = line
        .trim()
        .strip_prefix("listening on http://")
        .unwrap_or_else(|| panic!("unexpected first line `{line}`"))
        .parse()
        .unwrap();
    Served {
        child,
        addr,
        _stdout: stdout,
    }
}

pub fn http(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let status = text[9..12].parse().unwrap();
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap();
    (status, body)
}

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

/// Plays the first legal action whenever asked, `turns` times (or to the end); returns the
/// latest step and status seen. A refusal may only say the action came too late (`stale`,
/// `not-your-turn`: a bot or another seat moved first).
pub async fn play(ws: &mut Ws, turns: usize) -> (u64, Status) {
    let mut played = 0;
    loop {
        match recv(ws).await {
            ServerMsg::State {
                step,
                status,
                legal,
                ..
            } => {
                if status == Status::Finished || (played == turns && !legal.is_empty()) {
                    return (step, status);
                }
                if let Some(a) = legal.first() {
                    played += 1;
                    let act = ClientMsg::Act {
                        action: a.clone(),
                        step,
                    };
                    ws.send(Message::text(act.encode())).await.unwrap();
                }
            }
            ServerMsg::Rejected { code, reason, .. } => assert!(
                matches!(code, RejectCode::Stale | RejectCode::NotYourTurn),
                "{code:?}: {reason}"
            ),
            ServerMsg::Welcome { .. }
            | ServerMsg::Notice { .. }
            | ServerMsg::Rematch { .. }
            | ServerMsg::RematchOffer(_)
            | ServerMsg::Hint { .. }
            | ServerMsg::Presence { .. } => {}
        }
    }
}
